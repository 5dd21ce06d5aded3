"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { dashboardActor } from "@/lib/actor";
import type { ActionState } from "@/lib/action-state";
import { ignoreDurations } from "@/lib/ignore-durations";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { ignoreIssue } from "@/server/issues/ignore-issue";
import { resolveIssue } from "@/server/issues/resolve-issue";
import { unmergeHashes } from "@/server/issues/unmerge-hashes";
import { unresolveIssue } from "@/server/issues/unresolve-issue";

const issueId = z.coerce.number({ message: "Unknown issue." }).int().positive();
const count = z.coerce.number({ message: "Enter a whole number." }).int("Enter a whole number.").positive("Enter a number above zero.").max(1_000_000_000);

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

const unmergeInput = z.object({ issueId, hashes: z.array(z.string().min(1).max(200)).min(1, "Select the hashes to unmerge.").max(1000) });

function field(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

function firstError(error: z.ZodError): ActionState {
  return { error: error.issues[0]?.message ?? "Check the form." };
}

/** A verb's refusal (AppError) becomes the form's error; anything else is a bug and is thrown. */
async function run(issue: number, change: () => Promise<void>, message: string): Promise<ActionState> {
  try {
    await change();
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
  revalidatePath(`/issues/${issue}`);
  revalidatePath("/issues");
  return { message };
}

export async function resolveIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = resolveInput.safeParse({ issueId: field(formData, "issueId"), resolution: { kind: field(formData, "kind"), release: field(formData, "release") } });
  if (!parsed.success) return firstError(parsed.error);
  const { issueId, resolution } = parsed.data;
  const { database } = await getAppContext();
  return run(issueId, () => resolveIssue(database, { issueId, actor: dashboardActor, ...resolution }), "Resolved.");
}

export async function ignoreIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = ignoreInput.safeParse({
    issueId: field(formData, "issueId"),
    until: { kind: field(formData, "until"), count: field(formData, "count"), minutes: field(formData, "minutes") },
  });
  if (!parsed.success) return firstError(parsed.error);
  const { issueId, until } = parsed.data;
  const { database } = await getAppContext();
  return run(issueId, () => ignoreIssue(database, { issueId, actor: dashboardActor, until }), "Ignored.");
}

export async function reopenIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = issueId.safeParse(field(formData, "issueId"));
  if (!parsed.success) return firstError(parsed.error);
  const { database } = await getAppContext();
  return run(parsed.data, () => unresolveIssue(database, { issueId: parsed.data, actor: dashboardActor }), "Reopened.");
}

/** Moves the selected hashes (and their events) out of the issue, then opens the issue that took them. */
export async function unmergeHashesAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = unmergeInput.safeParse({ issueId: field(formData, "issueId"), hashes: formData.getAll("hash") });
  if (!parsed.success) return firstError(parsed.error);
  const { database } = await getAppContext();
  let destination: number;
  try {
    ({ issueId: destination } = await unmergeHashes(database, { ...parsed.data, actor: dashboardActor }));
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
  revalidatePath("/issues", "layout");
  redirect(`/issues/${destination}`);
}
