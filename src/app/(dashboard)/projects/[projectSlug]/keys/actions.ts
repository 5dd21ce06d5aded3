"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { formField as field, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { createProjectKey } from "@/server/projects/keys/create-project-key";
import { rotateProjectKey } from "@/server/projects/keys/rotate-project-key";
import { setProjectKeyActive } from "@/server/projects/keys/set-project-key-active";
import { setProjectKeyRateLimit } from "@/server/projects/keys/set-project-key-rate-limit";
import { projectKeyLabel, setProjectKeyRateLimitInput } from "@/server/projects/schemas";

export interface RateLimitValues {
  count: string;
  windowSeconds: string;
}

export interface RateLimitState extends ActionState {
  /** What was submitted, so the form shows it again (React resets a form after its action). */
  values?: RateLimitValues;
}

const id = z.coerce.number({ message: "Unknown key." }).int().positive();
const keyRef = z.object({ projectId: id, keyId: id });

/** Runs a key verb (which checks the viewer administers the project and records it in the audit log). */
function run(change: () => Promise<unknown>, message: string): Promise<ActionState> {
  return runFormAction(change, () => {
    // The DSNs show on the project, setup and keys pages.
    revalidatePath("/projects", "layout");
    return { message };
  });
}

function seconds(count: number): string {
  return count === 1 ? "1 second" : `${count.toLocaleString("en")} seconds`;
}

/** When ingest sees a change: its key cache keeps an entry for `LANTERN_KEY_CACHE_SECONDS`. */
function afterKeyCache(cacheSeconds: number): string {
  return cacheSeconds === 0 ? "at once" : `within ${seconds(cacheSeconds)}`;
}

export async function createProjectKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = z.object({ projectId: id, label: projectKeyLabel }).safeParse({ projectId: field(formData, "projectId"), label: field(formData, "label") });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Check the label." };
  return run(() => createProjectKey(context, parsed.data), `Created the key “${parsed.data.label}”. Its DSN works within a second.`);
}

/**
 * Disable, enable or rotate, by the button that submitted (`intent`). One action for the three, so the
 * confirmation survives the card switching from Disable/Rotate to Enable.
 */
export async function changeProjectKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = keyRef.extend({ intent: z.enum(["disable", "enable", "rotate"]) }).safeParse({ projectId: field(formData, "projectId"), keyId: field(formData, "keyId"), intent: field(formData, "intent") });
  if (!parsed.success) return { error: "Unknown key or change." };
  const { intent, ...ref } = parsed.data;
  const { config } = context;
  const refused = afterKeyCache(config.ingest.keyCacheSeconds);
  if (intent === "rotate") {
    return run(() => rotateProjectKey(context, ref), `Rotated. The new key is listed last; this one is disabled, and Lantern refuses its DSN ${refused}.`);
  }
  const isActive = intent === "enable";
  const message = isActive ? "Enabled. SDKs using this DSN are accepted again within a second." : `Disabled. Lantern refuses this DSN ${refused}.`;
  return run(() => setProjectKeyActive(context, { ...ref, isActive }), message);
}

export async function setProjectKeyRateLimitAction(_previous: RateLimitState, formData: FormData): Promise<RateLimitState> {
  const context = await getAppContext();
  const values: RateLimitValues = { count: field(formData, "count").trim(), windowSeconds: field(formData, "windowSeconds").trim() };
  const ref = keyRef.safeParse({ projectId: field(formData, "projectId"), keyId: field(formData, "keyId") });
  if (!ref.success) return { error: "Unknown key.", values };
  const parsed = setProjectKeyRateLimitInput.safeParse({ ...ref.data, ...values });
  if (!parsed.success) return { error: rateLimitError(parsed.error), values };
  const { config } = context;
  const { count, windowSeconds } = parsed.data;
  const limit = count === null || windowSeconds === null ? "no limit" : `at most ${count.toLocaleString("en")} per ${seconds(windowSeconds)}`;
  const state = await run(() => setProjectKeyRateLimit(context, parsed.data), `Saved: ${limit}. Ingest applies it ${afterKeyCache(config.ingest.keyCacheSeconds)}.`);
  return { ...state, values };
}

const fieldNames: Record<string, string> = { count: "Envelopes", windowSeconds: "Window (seconds)" };

function rateLimitError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Check the limit.";
  const name = fieldNames[String(issue.path[0])];
  // The both-or-neither rule is about the pair; the field name would only confuse.
  return name && issue.code !== "custom" ? `${name}: ${issue.message}` : issue.message;
}
