import type { AccessContext } from "../access/authorize";
import { buildDsn } from "../projects/build-dsn";
import { listProjects } from "../projects/list-projects";

const maxOthers = 20;

/** The project whose DSN a set-up guide fills in, and the others it could show instead (serialisable props). */
export interface DocsProject {
  slug: string;
  name: string;
  dsn: string;
  others: { slug: string; name: string }[];
}

/** The instance a docs page writes into its commands: its public URL, organization slug, and the viewer's e-mail. */
export interface DocsInstance {
  url: string;
  org: string;
  email: string;
}

export function loadDocsInstance(context: Pick<AccessContext, "config" | "viewer">): DocsInstance {
  return { url: context.config.publicUrl, org: context.config.auth.organizationSlug, email: context.viewer.email };
}

/**
 * The project a docs guide fills its code with: the one `?project=` names if the viewer may see it and it has
 * an active key, else the viewer's first Next.js project, else their first project (Lantern's own last).
 * Null when the viewer sees no project with an active key: the guide then shows placeholders.
 */
export async function loadDocsProject(context: AccessContext, requestedSlug: string | null): Promise<DocsProject | null> {
  const withKeys = (await listProjects(context)).filter((project) => project.publicKey !== null);
  const chosen =
    withKeys.find((project) => project.slug === requestedSlug) ??
    withKeys.find((project) => !project.isInternal && project.platform === "javascript-nextjs") ??
    withKeys.find((project) => !project.isInternal) ??
    withKeys[0];
  if (!chosen) return null;
  return {
    slug: chosen.slug,
    name: chosen.name,
    dsn: buildDsn(context.config.publicUrl, chosen.publicKey!, chosen.id),
    // A link to each other project; an instance with hundreds lists the first few (by name, Lantern's own last).
    others: withKeys
      .filter((project) => project !== chosen)
      .slice(0, maxOthers)
      .map((project) => ({ slug: project.slug, name: project.name })),
  };
}
