import { expect } from "vitest";
import { getApiRelease } from "@/server/api/releases/get-api-release";
import { listApiCommits } from "@/server/api/releases/list-api-commits";
import { listApiDeploys } from "@/server/api/releases/list-api-deploys";
import { insertRow, type SeedTarget } from "../seed-sql";
import { hour, now, projectIdOf, type Upgraded } from "../seed-world";

const release = "storefront@3.1.0";
const sha = "8c1f0e5a2b3d4c6e7f8091a2b3c4d5e6f7081920";

/**
 * 0030 gives each version an id, deploys a project and releases their commits. The deploy 0013's seed
 * recorded for storefront@3.1.0 (the release of the storefront project alone) now belongs to the storefront
 * (0013's check reads every deploy row, so this seed adds none); set-commits stored one commit with its files.
 */
export async function seed(target: SeedTarget): Promise<void> {
  await insertRow(target, "release_commits", {
    version: release,
    position: 0,
    commit_id: sha,
    repository: "origin",
    message: "Convert prices once\n",
    author_name: "Dev One",
    author_email: "dev@storefront.test",
    timestamp: now - 3 * hour,
    files: JSON.stringify([{ path: "src/checkout.ts", type: "M" }]),
    created_at: now - 2 * hour,
  });
}

export async function check({ context }: Upgraded): Promise<void> {
  const deploys = await listApiDeploys(context, release);
  expect(deploys.map((deploy) => deploy.environment)).toEqual(["production"]);
  const storefront = Number(await projectIdOf(context.database, "storefront"));
  expect((await context.db.selectFrom("release_deploys").select("project_id").execute()).map((row) => Number(row.project_id))).toEqual([storefront]);
  const details = await getApiRelease(context, release, "storefront");
  expect(details).toMatchObject({ version: release, deployCount: 1, commitCount: 1, lastCommit: { id: sha, message: "Convert prices once\n" }, authors: [{ name: "Dev One", email: "dev@storefront.test" }] });
  expect(Number.isInteger(details.id)).toBe(true);
  expect((await getApiRelease(context, release)).id).toBe(details.id);
  expect(await listApiCommits(context, release)).toEqual([expect.objectContaining({ id: sha, repository: { name: "origin" } })]);
}
