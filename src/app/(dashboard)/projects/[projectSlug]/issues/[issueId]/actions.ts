"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { ignoreDurations } from "@/lib/ignore-durations";
import { formField as field, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { addIssueComment } from "@/server/issues/add-issue-comment";
import { assignIssue } from "@/server/issues/assign-issue";
import { assigneeLabel } from "@/server/issues/owners/issue-assignee";
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

function firstError(error: z.ZodError): ActionState {
  return { error: error.issues[0]?.message ?? "Check the form." };
}

/** Every issue page (the issue and its event permalinks) and the issue list show what changed. */
function revalidateIssuePages(): void {
  revalidatePath("/projects/[projectSlug]/issues/[issueId]", "layout");
  revalidatePath("/issues");
}

/** Runs an issue verb (which checks the viewer may) and answers the form; the pages show the change. */
function run(change: () => Promise<unknown>, message: string): Promise<ActionState> {
  return runFormAction(change, () => {
    revalidateIssuePages();
    return { message };
  });
}

export async function resolveIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = resolveInput.safeParse({ issueId: field(formData, "issueId"), resolution: { kind: field(formData, "kind"), release: field(formData, "release") } });
  if (!parsed.success) return firstError(parsed.error);
  const { issueId, resolution } = parsed.data;
  return run(() => resolveIssue(context, { issueId, ...resolution }), "Resolved.");
}

export async function ignoreIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = ignoreInput.safeParse({
    issueId: field(formData, "issueId"),
    until: { kind: field(formData, "until"), count: field(formData, "count"), minutes: field(formData, "minutes") },
  });
  if (!parsed.success) return firstError(parsed.error);
  const { issueId, until } = parsed.data;
  return run(() => ignoreIssue(context, { issueId, until }), "Ignored.");
}

export async function reopenIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = issueId.safeParse(field(formData, "issueId"));
  if (!parsed.success) return firstError(parsed.error);
  return run(() => unresolveIssue(context, { issueId: parsed.data }), "Reopened.");
}

export async function addCommentAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = commentInput.safeParse({ issueId: field(formData, "issueId"), body: field(formData, "body") });
  if (!parsed.success) return firstError(parsed.error);
  return run(() => addIssueComment(context, parsed.data), "Comment added.");
}

/** "Assign" takes the picked person or team ("user:<id>", "team:<id>", or an e-mail or name typed), "Assign to me" the signed-in person, "Unassign" nobody. */
export async function assignIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = assignInput.safeParse({ issueId: field(formData, "issueId"), intent: field(formData, "intent"), assignee: field(formData, "assignee") });
  if (!parsed.success) return firstError(parsed.error);
  const { issueId, intent } = parsed.data;
  const assignee = intent === "me" ? `user:${context.viewer.userId}` : intent === "nobody" ? null : (parsed.data.assignee ?? "").trim();
  if (intent === "name" && !assignee) return { error: "Pick a person or team to assign, or use “Assign to me”." };
  return runFormAction(
    () => assignIssue(context, { issueId, assignee }),
    (result) => {
      revalidateIssuePages();
      return { message: result.assignee ? `Assigned to ${assigneeLabel(result.assignee)}.` : "Unassigned." };
    },
  );
}

/** Moves the selected hashes (and their events) out of the issue, then opens the issue that took them. */
export async function unmergeHashesAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = unmergeInput.safeParse({ issueId: field(formData, "issueId"), projectSlug: field(formData, "projectSlug"), hashes: formData.getAll("hash") });
  if (!parsed.success) return firstError(parsed.error);
  const { issueId, hashes, projectSlug } = parsed.data;
  return runFormAction(
    () => unmergeHashes(context, { issueId, hashes }),
    ({ issueId: destination }) => {
      revalidatePath("/issues", "layout");
      revalidateIssuePages();
      redirect(`/projects/${projectSlug}/issues/${destination}`);
    },
  );
}
