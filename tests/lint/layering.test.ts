import { ESLint, type Linter } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layering rules of docs/architecture.md, checked through ESLint itself with the project's own
 * eslint.config.mjs: each refused import is paired with an allowed one in the same place, so a rule that
 * stopped matching, or one that matched too much, fails here.
 */
const layeringRules = new Set(["no-restricted-imports", "no-restricted-syntax"]);

let eslint: ESLint;

beforeAll(() => {
  // One instance for the whole file: loading the Next.js config is most of the cost.
  eslint = new ESLint({ cwd: process.cwd() });
});

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`ESLint returned nothing for ${filePath}`);
  // A file that does not parse reports no rule at all, which would pass every "allowed" case below.
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.filter((message) => message.ruleId !== null && layeringRules.has(message.ruleId));
}

const refused: [string, string, string][] = [
  // src/lib imports nothing from src/server, not even types, and no database or Node module.
  ["src/lib a value from @/server", "src/lib/new-helper.ts", `import { getConfig } from "@/server/config";\nexport const read = getConfig;\n`],
  ["src/lib a type from @/server", "src/lib/new-helper.ts", `import type { Config } from "@/server/config";\nexport type Copy = Config;\n`],
  ["src/lib an inline type specifier from @/server", "src/lib/new-helper.ts", `import { type Config } from "@/server/config";\nexport type Copy = Config;\n`],
  ["src/lib a relative path into src/server/db", "src/lib/new-helper.ts", `import { getDatabase } from "../server/db/get-database";\nexport const open = getDatabase;\n`],
  ["src/lib a deeper relative path into src/server", "src/lib/deep/new-helper.ts", `import { AppError } from "../../server/errors";\nexport const Failure = AppError;\n`],
  ["src/lib a re-export from @/server", "src/lib/new-helper.ts", `export { getConfig } from "@/server/config";\n`],
  ["src/lib a dynamic import of @/server", "src/lib/new-helper.ts", `export const load = () => import("@/server/config");\n`],
  ["src/lib an import() type of @/server", "src/lib/new-helper.ts", `export type Copy = import("@/server/config").Config;\n`],
  ["src/lib kysely", "src/lib/new-helper.ts", `import { sql } from "kysely";\nexport const query = sql;\n`],
  ["src/lib a Node built-in", "src/lib/new-helper.ts", `import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n`],
  ["src/lib a Node built-in without the prefix", "src/lib/new-helper.ts", `import { createHash } from "crypto";\nexport const hash = createHash;\n`],
  ["a src/lib test importing src/server", "src/lib/new-helper.test.ts", `import { getConfig } from "@/server/config";\nexport const read = getConfig;\n`],
  // src/app and src/pages never reach the database layer, types included.
  ["src/app the database through the alias", "src/app/(dashboard)/new/page.tsx", `import { getDatabase } from "@/server/db/get-database";\nexport const open = getDatabase;\n`],
  ["src/app a database type", "src/app/(dashboard)/new/actions.ts", `import type { Database } from "@/server/db/schema";\nexport type Copy = Database;\n`],
  ["src/app the database through a relative path", "src/app/(dashboard)/new/page.tsx", `import { getDatabase } from "../../../server/db/get-database";\nexport const open = getDatabase;\n`],
  ["src/app kysely", "src/app/api/new/route.ts", `import { sql } from "kysely";\nexport const query = sql;\n`],
  ["src/app better-sqlite3", "src/app/api/new/route.ts", `import Database from "better-sqlite3";\nexport const open = Database;\n`],
  ["src/app pg", "src/app/api/new/route.ts", `import pg from "pg";\nexport const open = pg;\n`],
  ["src/pages the database", "src/pages/docs/new.tsx", `import { getDatabase } from "@/server/db/get-database";\nexport const open = getDatabase;\n`],
  // Components name nothing of src/server or the database, not even types: their shapes are in src/lib.
  ["src/components a server value", "src/components/new-card.tsx", `import { getConfig } from "@/server/config";\nexport const read = getConfig;\n`],
  ["src/components a server type", "src/components/new-card.tsx", `import type { Config } from "@/server/config";\nexport type Copy = Config;\n`],
  ["src/components a database row type", "src/components/new-card.tsx", `import type { ProjectKey } from "@/server/db/schema";\nexport type Copy = ProjectKey;\n`],
  ["src/components an import() type of @/server", "src/components/new-card.tsx", `export type Copy = import("@/server/config").Config;\n`],
  ["src/components kysely", "src/components/new-card.tsx", `import { sql } from "kysely";\nexport const query = sql;\n`],
  // Grouping depends on nothing of digest.
  ["grouping a relative path into digest", "src/server/grouping/new-component.ts", `import { normalizeEvent } from "../digest/normalize-event";\nexport const normalize = normalizeEvent;\n`],
  ["grouping a type from digest through the alias", "src/server/grouping/new-component.ts", `import type { NormalizedEvent } from "@/server/digest/normalize-event";\nexport type Copy = NormalizedEvent;\n`],
  ["a grouping test importing digest", "src/server/grouping/new-component.test.ts", `import { isRecord } from "../digest/read-values";\nexport const check = isRecord;\n`],
];

const allowed: [string, string, string][] = [
  ["src/lib other src/lib modules", "src/lib/new-helper.ts", `import { isRecord } from "./json-values";\nimport { cn } from "@/lib/cn";\nexport const both = [isRecord, cn];\n`],
  ["src/lib a package whose path ends in server", "src/lib/new-helper.ts", `import { renderToString } from "react-dom/server";\nexport const render = renderToString;\n`],
  ["a src/lib test using a Node built-in", "src/lib/new-helper.test.ts", `import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n`],
  ["src/app a verb", "src/app/(dashboard)/new/page.tsx", `import { getAppContext } from "@/server/app-context";\nexport const context = getAppContext;\n`],
  ["src/app src/lib", "src/app/api/new/route.ts", `import type { Role } from "@/lib/roles";\nexport type Copy = Role;\n`],
  ["src/pages a verb", "src/pages/docs/new.tsx", `import { requirePageViewer } from "@/server/access/require-page-viewer";\nexport const gate = requirePageViewer;\n`],
  ["src/components the shapes of src/lib/views", "src/components/new-card.tsx", `import type { ReceivedEnvelope } from "@/lib/views/intake";\nimport type { Role } from "@/lib/roles";\nexport type Both = [ReceivedEnvelope, Role];\n`],
  ["grouping src/lib and its own area", "src/server/grouping/new-component.ts", `import { isRecord } from "@/lib/json-values";\nimport { component } from "./grouping-component";\nimport { AppError } from "../errors";\nexport const all = [isRecord, component, AppError];\n`],
  ["digest grouping", "src/server/digest/new-part.ts", `import { computeGrouping } from "../grouping/compute-grouping";\nexport const group = computeGrouping;\n`],
];

describe("layering rules in eslint.config.mjs", () => {
  it.each(refused)("refuses %s", async (_name, filePath, code) => {
    const messages = await lint(filePath, code);
    expect(messages.length).toBeGreaterThan(0);
  });

  it.each(allowed)("allows %s", async (_name, filePath, code) => {
    const messages = await lint(filePath, code);
    expect(messages).toEqual([]);
  });
});
