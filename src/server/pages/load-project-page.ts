import { notFound } from "next/navigation";
import { authorizeProject, type AccessContext } from "../access/authorize";
import type { Verb } from "../access/policy";
import { isAppError } from "../errors";

/**
 * The project named by the URL if the viewer may see it and may `verb` (policy.ts); a missing project,
 * or one of another team, is the router's not-found page.
 */
export async function loadProjectPage(context: AccessContext, slug: string, verb: Verb = "project.read") {
  try {
    return await authorizeProject(context, verb, slug);
  } catch (error) {
    // A page the viewer's role may not use (project settings for members) is not shown at all.
    if (isAppError(error) && (error.code === "not_found" || error.code === "forbidden")) notFound();
    throw error;
  }
}
