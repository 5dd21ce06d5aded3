import { authorize, authorizeProject, type AccessContext } from "../access/authorize";
import { canSeeProject } from "../access/viewer";
import { AppError } from "../errors";
import { normalizeReplayId, selectReplays, toReplayView, type ReplayRow } from "./replay-views";
import type { ReplayView } from "@/lib/views/replay";

/** One replay the viewer may see, by its id (in one project when a slug is given); not_found otherwise, whether it is missing or hidden. */
export async function getReplay(context: AccessContext, replayId: string, options: { projectSlug?: string } = {}): Promise<ReplayView> {
  return toReplayView(await authorizeReplay(context, "replay.read", replayId, options));
}

/** The replay's row, checked: the viewer sees its project and may `verb`. */
export async function authorizeReplay(context: AccessContext, verb: "replay.read" | "replay.list", replayId: string, options: { projectSlug?: string } = {}): Promise<ReplayRow> {
  const id = normalizeReplayId(replayId);
  const missing = new AppError("not_found", `No replay has id ${replayId.slice(0, 64)}.`);
  if (id === null) throw missing;
  let select = selectReplays(context.db).where("replays.replay_id", "=", id);
  if (options.projectSlug !== undefined) {
    const { project } = await authorizeProject(context, verb, options.projectSlug);
    select = select.where("replays.project_id", "=", project.id);
  } else authorize(context, verb);
  // One replay id may exist in two projects (a DSN copied between them): the newest the viewer sees.
  const rows = await select.orderBy("replays.updated_at", "desc").limit(10).execute();
  const row = rows.find((candidate) => canSeeProject(context.viewer, Number(candidate.project_id)));
  if (!row) throw missing;
  return row;
}
