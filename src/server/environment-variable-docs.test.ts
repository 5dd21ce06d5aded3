import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { environmentSchema } from "@/server/config";
import { environmentVariableDocs } from "@/lib/environment-variable-docs";

const variables = Object.keys(environmentSchema.shape).sort();

it("documents every variable of the config schema in /docs/configuration, and nothing else", () => {
  expect(environmentVariableDocs.map((variable) => variable.name).sort()).toEqual(variables);
});

it("lists every variable of the config schema in .env.example", () => {
  const example = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
  const listed = [...example.matchAll(/^#? ?([A-Z_]+)=/gm)].map((match) => match[1]!).sort();
  expect(listed).toEqual(variables);
});
