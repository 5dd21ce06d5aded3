"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { formField, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { deleteSavedSearch } from "@/server/issues/saved-searches/delete-saved-search";
import { saveSearch } from "@/server/issues/saved-searches/save-search";

const projectIdField = z.union([z.literal("").transform(() => null), z.coerce.number().int().positive()]);

function revalidateExplorers() {
  revalidatePath("/logs", "layout");
  revalidatePath("/projects/[projectSlug]/logs", "page");
}

/** "Save this search" on the logs explorer: its query under a name, a tab of the explorer only (kind 'logs'). */
export async function saveLogSearchAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectId = projectIdField.safeParse(formField(formData, "projectId"));
  if (!projectId.success) return { error: "This explorer has no such project." };
  return runFormAction(
    // Log lines have one order (newest first): the issue list's default sort is kept and unused.
    () => saveSearch(context, { name: formField(formData, "name"), query: formField(formData, "query"), sort: "last_seen", projectId: projectId.data, isShared: formField(formData, "shared") === "on", kind: "logs" }),
    (saved) => {
      revalidateExplorers();
      return { message: `Saved “${saved.name}”.` };
    },
  );
}

/** Deletes a log search tab (the viewer's own; a shared one needs an owner or admin). */
export async function deleteLogSearchAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const savedSearchId = z.coerce.number().int().positive().safeParse(formField(formData, "savedSearchId"));
  if (!savedSearchId.success) return { error: "Choose a saved search." };
  return runFormAction(
    () => deleteSavedSearch(context, { savedSearchId: savedSearchId.data }),
    () => {
      revalidateExplorers();
      return { message: "Deleted the saved search." };
    },
  );
}
