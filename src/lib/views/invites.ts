import type { Role } from "@/lib/roles";

/** What src/server/invites hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface PendingInvite {
  id: number;
  email: string | null;
  role: Role;
  teamName: string | null;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
}
