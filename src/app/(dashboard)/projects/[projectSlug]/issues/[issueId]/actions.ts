"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { ignoreDurations } from "@/lib/ignore-durations";
import { authorizeIssues } from "@/server/access/authorize";
import { getAppContext, type AppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { addIssueComment } from "@/server/issues/add-issue-comment";
import { assignIssue } from "@/server/issues/assign-issue";
import { ignoreIssue } from "@/server/issues/ignore-issue";
import { resolveIssue } from "@/server/issues/resolve-issue";
import { unmergeHashes } from "@/server/issues/unmerge-hashes";
import { unresolveIssue } from "@/server/issues/unresolve-issue";

const issueId = z.coerce.number({ message: "Unknown issue." }).int().positive();
const count = z.coerce.number({ message: "Enter a whole number." }).int("Enter a whole number.").positive("Enter a number above zero.").max(1_000_000_000);
const projectSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, "Unknown project.");

const resolveInput = z.object({
  issueId,
  resolution: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("now") }),
    z.object({ kind: z.literal("next_release") }),
    z.object({ kind: z.literal("in_release"), release: z.string().trim().min(1, "Name the release the issue is resolved in.").max(200, "Release names have at most 200 characters.") }),
  ]),
});

const ignoreInput = z.object({
  issueId,
  until: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("forever") }),
    z.object({ kind: z.literal("count"), count }),
    z.object({ kind: z.literal("users"), count }),
    z.object({ kind: z.literal("duration"), minutes: z.coerce.number().refine((minutes) => ignoreDurations.some((duration) => duration.minutes === minutes), "Choose one of the offered durations.") }),
  ]),
});

const unmergeInput = z.object({ issueId, projectSlug, hashes: z.array(z.string().min(1).max(200)).min(1, "Select the hashes to unmerge.").max(1000) });
const commentInput = z.object({ issueId, body: z.string({ message: "Write something first." }) });
const assignInput = z.object({ issueId, intent: z.enum(["name", "me", "nobody"]), assignee: z.string().max(1000).optional() });

function field(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

function firstError(error: z.ZodError): ActionState {
  return { error: error.issues[0]?.message ?? "Check the form." };
}

/** Every issue page (the issue and its event permalinks) and the issue list show what changed. */
function revalidateIssuePages(): void {
  revalidatePath("/projects/[projectSlug]/issues/[issueId]", "layout");
  revalidatePath("/issues");
}

/**
 * Checks that the viewer may change the issue (write permission on its project), runs the change, and
 * turns a refusal (AppError) into the form's error; anything else is a bug and is thrown.
 */
async function run(context: AppContext, issueId: number, change: () => Promise<unknown>, message: string): Promise<ActionState> {
  try {
    await authorizeIssues(context, [issueId], "write");
    await change();
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
  revalidateIssuePages();
  return { message };
}

export async function resolveIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = resolveInput.safeParse({ issueId: field(formData, "issueId"), resolution: { kind: field(formData, "kind"), release: field(formData, "release") } });
  if (!parsed.success) return firstError(parsed.error);
  const { issueId, resolution } = parsed.data;
  return run(context, issueId, () => resolveIssue(context.database, { issueId, actor: context.viewer.actor, ...resolution }), "Resolved.");
}

export async function ignoreIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = ignoreInput.safeParse({
    issueId: field(formData, "issueId"),
    until: { kind: field(formData, "until"), count: field(formData, "count"), minutes: field(formData, "minutes") },
  });
  if (!parsed.success) return firstError(parsed.error);
  const { issueId, until } = parsed.data;
  return run(context, issueId, () => ignoreIssue(context.database, { issueId, actor: context.viewer.actor, until }), "Ignored.");
}

export async function reopenIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = issueId.safeParse(field(formData, "issueId"));
  if (!parsed.success) return firstError(parsed.error);
  return run(context, parsed.data, () => unresolveIssue(context.database, { issueId: parsed.data, actor: context.viewer.actor }), "Reopened.");
}

export async function addCommentAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = commentInput.safeParse({ issueId: field(formData, "issueId"), body: field(formData, "body") });
  if (!parsed.success) return firstError(parsed.error);
  return run(context, parsed.data.issueId, () => addIssueComment(context.database, { issueId: parsed.data.issueId, author: context.viewer.actor, body: parsed.data.body }), "Comment added.");
}

/** "Assign" takes the typed name, "Assign to me" the signed-in person, "Unassign" nobody. */
export async function assignIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = assignInput.safeParse({ issueId: field(formData, "issueId"), intent: field(formData, "intent"), assignee: field(formData, "assignee") });
  if (!parsed.success) return firstError(parsed.error);
  const { issueId, intent } = parsed.data;
  const assignee = intent === "me" ? context.viewer.actor : intent === "nobody" ? null : (parsed.data.assignee ?? "").trim();
  if (intent === "name" && !assignee) return { error: "Type a name to assign, or use “Assign to me”." };
  return run(context, issueId, () => assignIssue(context.database, { issueId, actor: context.viewer.actor, assignee }), assignee ? `Assigned to ${assignee}.` : "Unassigned.");
}

/** Moves the selected hashes (and their events) out of the issue, then opens the issue that took them. */
export async function unmergeHashesAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = unmergeInput.safeParse({ issueId: field(formData, "issueId"), projectSlug: field(formData, "projectSlug"), hashes: formData.getAll("hash") });
  if (!parsed.success) return firstError(parsed.error);
  let destination: number;
  try {
    await authorizeIssues(context, [parsed.data.issueId], "write");
    ({ issueId: destination } = await unmergeHashes(context.database, { issueId: parsed.data.issueId, hashes: parsed.data.hashes, actor: context.viewer.actor }));
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
  revalidatePath("/issues", "layout");
  revalidateIssuePages();
  redirect(`/projects/${parsed.data.projectSlug}/issues/${destination}`);
}
