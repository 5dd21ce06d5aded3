"use server";

import { z } from "zod";
import { getAppContext } from "@/server/app-context";
import { runFormAction } from "@/server/actions/form-action";
import { getIssueBrief } from "@/server/issues/get-issue-brief";

const briefRequest = z.object({
  issueId: z.number().int().positive(),
  eventId: z
    .string()
    .regex(/^[0-9a-fA-F-]{32,36}$/)
    .optional(),
  variant: z.enum(["full", "identifiers"]),
});

export type IssueBriefAnswer = { markdown: string; truncated: boolean } | { error: string };

/** "Copy for LLMs": the issue's brief for the clipboard (getIssueBrief decides whether the viewer may read it). */
export async function getIssueBriefAction(request: { issueId: number; eventId?: string; variant: "full" | "identifiers" }): Promise<IssueBriefAnswer> {
  const context = await getAppContext();
  const parsed = briefRequest.safeParse(request);
  if (!parsed.success) return { error: "Unknown issue or event." };
  return runFormAction<{ markdown: string; truncated: boolean }, IssueBriefAnswer>(
    () => getIssueBrief(context, parsed.data),
    (brief) => brief,
    (error) => ({ error }),
  );
}
