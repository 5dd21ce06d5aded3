/** What src/server/access hands to pages and components, as plain data (the verbs that produce it re-export it). */

/** What the shell shows of the viewer (serialisable into Pages Router props). */
export interface ShellViewer {
  name: string;
  email: string;
  role: string;
}

/**
 * What a credential may do: read, triage (write), administer (admin), or upload source maps and manage
 * releases (upload: what a CI job needs, Sentry's `project:releases`; a token with only this scope reads nothing).
 */
export type Permission = "read" | "write" | "admin" | "upload";
