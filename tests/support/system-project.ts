import { afterEach, beforeEach } from "vitest";
import type { AccessContext } from "@/server/access/authorize";
import { systemContext } from "@/server/access/system-context";
import { insertProject } from "@/server/projects/insert-project";
import type { CreateProjectInput } from "@/server/projects/schemas";
import { createTestConfig } from "./test-accounts";
import { createTestDatabase, type TestDatabase } from "./test-database";

export interface SystemProject {
  database: TestDatabase;
  /** The system's rights (the CLI's actor): the verb under test is not what decides access here. */
  context: AccessContext;
  projectId: number;
}

/**
 * A fresh test database with one project before each test of the calling suite, destroyed after it: the
 * set-up of a verb's db test. `assign` hands each test's set-up to the suite's own variables.
 */
export function useSystemProject(project: CreateProjectInput, assign: (setup: SystemProject) => void): void {
  let current: SystemProject | undefined;
  beforeEach(async () => {
    const database = await createTestDatabase();
    current = { database, context: systemContext(database, createTestConfig()), projectId: (await insertProject(database.db, project)).project.id };
    assign(current);
  });
  afterEach(() => current?.database.destroy());
}
