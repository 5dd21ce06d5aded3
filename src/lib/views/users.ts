import type { Role } from "@/lib/roles";

/** What src/server/users hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface UserSummary {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: number;
  /** Names of the teams the user belongs to, alphabetically. */
  teams: string[];
}
