/**
 * The shape of the OpenAPI 3.1 document: openapi.ts assembles it, openapi-alerts.ts and openapi-uploads.ts
 * write their paths into it.
 */
export type JsonSchema = Record<string, unknown>;
export type HttpMethod = "get" | "put" | "post" | "delete";

export interface Parameter {
  name: string;
  in: "path" | "query";
  required?: boolean;
  description: string;
  schema: JsonSchema;
  explode?: boolean;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required: boolean; content: Partial<Record<"application/json" | "multipart/form-data", { schema: JsonSchema }>> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: { "application/json": { schema: JsonSchema } } } | { $ref: string }>;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, Operation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, Parameter>;
    securitySchemes: Record<string, Record<string, string>>;
    headers: Record<string, unknown>;
    responses: Record<string, unknown>;
  };
}
