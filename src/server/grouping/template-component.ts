import { isRecord, type JsonObject } from "@/lib/json-values";
import type { VariantComponents } from "./exception-component";
import { component, leaf } from "./grouping-component";

/**
 * template:v1 (§5.1 step 3, between stacktrace and the security reports): Django/Jinja template errors group
 * by the template's file name (basename) and the failing template line, variant `default`. Returns null
 * when the event has no `template` interface.
 */
export function buildTemplateVariants(event: JsonObject): VariantComponents | null {
  const template = event.template;
  if (!isRecord(template)) return null;
  const filename = typeof template.filename === "string" ? template.filename.slice(template.filename.lastIndexOf("/") + 1) : null;
  const contextLine = typeof template.context_line === "string" ? template.context_line : null;
  return new Map([["default", component("template", [leaf("filename", filename), leaf("context-line", contextLine)])]]);
}
