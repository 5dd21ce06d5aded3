import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { parseApiBody, parseApiTime } from "../parse-api-body";
import { findReleaseProjects } from "./find-release-projects";
import { serializeDeploy } from "./load-api-releases";
import { ApiDeployCreate, type ApiDeploy } from "./release-schemas";

/** A release keeps its newest deploys; a CI loop cannot grow the table without bound. */
const maxDeploysPerRelease = 1_000;

/** Sentry's "create a deploy" (`sentry-cli releases deploys VERSION new -e production`). */
export async function createApiDeploy(context: AccessContext, version: string, body: unknown): Promise<ApiDeploy> {
  await findReleaseProjects(context, "release.write", version);
  const input = parseApiBody(ApiDeployCreate, body);
  const now = Date.now();
  const dateStarted = parseApiTime(input.dateStarted, "dateStarted") ?? null;
  const dateFinished = parseApiTime(input.dateFinished, "dateFinished") ?? now;
  if (dateStarted !== null && dateStarted > dateFinished) throw new AppError("bad_request", "Invalid dateStarted: it is after dateFinished.");
  const row = await context.db
    .insertInto("release_deploys")
    .values({ version, environment: input.environment, name: input.name ?? null, url: input.url ?? null, date_started: dateStarted, date_finished: dateFinished, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const stale = await context.db.selectFrom("release_deploys").select("id").where("version", "=", version).orderBy("id", "desc").offset(maxDeploysPerRelease).limit(1000).execute();
  if (stale.length > 0) await context.db.deleteFrom("release_deploys").where("id", "in", stale.map((deploy) => deploy.id)).execute();
  return serializeDeploy({ ...row, id: Number(row.id) });
}
