import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";

const apiDirectory = fileURLToPath(new URL("../../app/api/0", import.meta.url));
const segmentNames: Record<string, string> = { "[organizationSlug]": "{organization_id_or_slug}", "[projectSlug]": "{project_id_or_slug}", "[issueId]": "{issue_id}", "[eventId]": "{event_id}", "[version]": "{version}", "[ruleId]": "{rule_id}", "[channelSlug]": "{channel_slug}", "[keyId]": "{key_id}", "[traceId]": "{trace_id}", "[monitorSlug]": "{monitor_id_or_slug}", "[uptimeId]": "{uptime_id}", "[tagKey]": "{key}", "[teamSlug]": "{team_id_or_slug}", "[replayId]": "{replay_id}", "[segmentId]": "{segment_id}" };

/** Every route file under src/app/api/0 as "METHOD /api/0/…/" (Sentry's trailing slash), the catch-all aside. */
function servedOperations(): string[] {
  const operations: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "route.ts") {
        const segments = relative(apiDirectory, directory).split(sep).filter(Boolean);
        if (segments.some((segment) => segment.startsWith("[..."))) continue;
        const template = ["/api/0", ...segments.map((segment) => segmentNames[segment] ?? segment)].join("/");
        const url = template.endsWith(".json") ? template : `${template}/`;
        for (const [, method] of readFileSync(path, "utf8").matchAll(/export const (GET|PUT|POST|DELETE|PATCH) =/g)) operations.push(`${method} ${url}`);
      }
    }
  };
  walk(apiDirectory);
  return operations.sort();
}

describe("the OpenAPI document of /api/0/", () => {
  const document = buildOpenApiDocument("https://lantern.example.com");

  it("describes exactly the routes and methods served", () => {
    const described = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(servedOperations().length).toBeGreaterThan(20);
    expect(described).toEqual(servedOperations());
  });

  it("is OpenAPI 3.1 on the instance's URL, with unique operation ids and every path parameter declared", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "https://lantern.example.com" }]);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.values(methods).map((operation) => ({ path, operation })));
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, operation } of operations) {
      const declared = (operation.parameters ?? []).map((parameter) => ("$ref" in parameter ? document.components.parameters[parameter.$ref.split("/").pop()!] : parameter)).filter((parameter) => parameter?.in === "path");
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(declared.map((parameter) => parameter!.name).sort(), `${operation.operationId} ${path}`).toEqual(inPath.sort());
      expect(operation.responses["401"], `${operation.operationId} answers 401 without credentials`).toBeDefined();
    }
  });

  it("resolves every $ref inside the document", () => {
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"#\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(50);
    for (const pointer of new Set(refs)) {
      const target = pointer.split("/").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, pointer).toBeDefined();
    }
  });

  it("takes its schemas from the serializers' zod schemas, nested ones by reference", () => {
    const issue = document.components.schemas.ApiIssue as { properties: Record<string, unknown>; required: string[] };
    expect(issue.required).toEqual(expect.arrayContaining(["id", "shortId", "status", "statusDetails", "count", "firstSeen", "project"]));
    expect(issue.properties.count).toMatchObject({ type: "string" });
    const hash = document.components.schemas.ApiHash as { properties: { latestEvent: unknown } };
    expect(JSON.stringify(hash.properties.latestEvent)).toContain("#/components/schemas/ApiEvent");
    expect(JSON.stringify(document.components.schemas)).not.toContain('"$schema"');
  });
});
