import { notFound } from "next/navigation";
import { authorizeProject, type AccessContext } from "@/server/access/authorize";
import type { Permission } from "@/server/access/viewer";
import { isAppError } from "@/server/errors";

/**
 * The project named by the URL if the viewer may see it (and hold `permission`); a missing project, or
 * one of another team, is the router's not-found page.
 */
export async function loadProjectPage(context: AccessContext, slug: string, permission: Permission = "read") {
  try {
    return await authorizeProject(context, slug, permission);
  } catch (error) {
    // A page the viewer's role may not use (project settings for members) is not shown at all.
    if (isAppError(error) && (error.code === "not_found" || error.code === "forbidden")) notFound();
    throw error;
  }
}
