"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/action-state";
import { runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { setEnvironmentFilter } from "@/server/environments/set-environment-filter";

/** The header's environment picker: remembers the choice (null: all) and renders every page again with it. */
export async function pickEnvironmentAction(environment: string | null): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(
    () => setEnvironmentFilter(context, { environment: typeof environment === "string" ? environment : null }),
    () => {
      revalidatePath("/", "layout");
      return {};
    },
  );
}
