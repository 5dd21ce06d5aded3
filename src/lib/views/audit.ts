/** What src/server/audit hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface AuditLogPage {
  entries: { id: number; createdAt: number; action: string; actor: string; actorEmail: string | null; target: string | null; ipAddress: string | null; userAgent: string | null; data: string | null }[];
  /** Id to pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}
