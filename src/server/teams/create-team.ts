import { slugify } from "@/lib/slugify";
import type { AccessContext } from "../access/authorize";
import { authorize } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { parseTeamInput } from "./parse-team-input";
import { teamName } from "./schemas";

/** A new, empty team (owners and admins). Its slug comes from the name and is unique. */
export async function createTeam(context: AccessContext, input: { name: string }): Promise<{ id: number; slug: string }> {
  authorize(context, "team.create");
  const name = parseTeamInput(teamName, input.name);
  const slug = slugify(name);
  if (!slug) throw new AppError("bad_request", "Use at least one letter or digit in the name.");
  const existing = await context.db.selectFrom("teams").select("id").where("slug", "=", slug).executeTakeFirst();
  if (existing) throw new AppError("conflict", `A team called “${name}” already exists.`);
  const row = await context.db.insertInto("teams").values({ slug, name, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
  await recordAuditEvent(context.db, context.source, { action: "team.created", target: `team:${slug}`, data: { teamId: Number(row.id), name } });
  return { id: Number(row.id), slug };
}
