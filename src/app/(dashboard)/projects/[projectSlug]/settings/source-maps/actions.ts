"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { formField, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { deleteArtifactBundle } from "@/server/sourcemaps/delete-artifact-bundle";

const bundleId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const projectSlug = z.string().min(1).max(200);

/** Deletes one source-map bundle of the project (owners and admins; the verb decides), then shows the list without it and says so. */
export async function deleteSourceMapBundleAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const slug = projectSlug.safeParse(formField(formData, "projectSlug"));
  const id = bundleId.safeParse(formField(formData, "bundleId"));
  if (!slug.success || !id.success) return { error: "Unknown bundle." };
  return runFormAction(
    () => deleteArtifactBundle(context, { projectSlug: slug.data, bundleId: id.data }),
    () => {
      const path = `/projects/${slug.data}/settings/source-maps`;
      revalidatePath(path);
      redirect(`${path}?deleted=${id.data}`);
    },
  );
}
