import type { DocsInstance, DocsProject } from "@/server/pages/load-docs-project";

/** What a page's content may be given: the project a set-up guide fills its code with (null: placeholders). */
export interface DocContentProps {
  project: DocsProject | null;
  /** This instance's URL and organization slug, and the viewer's e-mail, for commands written out in full. */
  instance: DocsInstance | null;
}
