"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { formField, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { deleteSavedSearch } from "@/server/issues/saved-searches/delete-saved-search";
import { saveSearch } from "@/server/issues/saved-searches/save-search";

const projectIdField = z.union([z.literal("").transform(() => null), z.coerce.number().int().positive()]);

function revalidateLists() {
  revalidatePath("/issues", "layout");
  revalidatePath("/projects/[projectSlug]/issues", "page");
}

/** "Save this search": the list's query and sort under a name, for the viewer (or, shared, for everyone). */
export async function saveSearchAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectId = projectIdField.safeParse(formField(formData, "projectId"));
  if (!projectId.success) return { error: "This list has no such project." };
  return runFormAction(
    () => saveSearch(context, { name: formField(formData, "name"), query: formField(formData, "query"), sort: formField(formData, "sort"), projectId: projectId.data, isShared: formField(formData, "shared") === "on" }),
    (saved) => {
      revalidateLists();
      return { message: `Saved “${saved.name}”.` };
    },
  );
}

/** Deletes a saved search tab (the viewer's own; a shared one needs an owner or admin). */
export async function deleteSavedSearchAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const savedSearchId = z.coerce.number().int().positive().safeParse(formField(formData, "savedSearchId"));
  if (!savedSearchId.success) return { error: "Choose a saved search." };
  return runFormAction(
    () => deleteSavedSearch(context, { savedSearchId: savedSearchId.data }),
    () => {
      revalidateLists();
      return { message: "Deleted the saved search." };
    },
  );
}
