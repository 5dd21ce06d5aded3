/** What src/server/teams hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface TeamSummary {
  id: number;
  slug: string;
  name: string;
  members: { userId: string; name: string; email: string }[];
  projects: { id: number; slug: string; name: string }[];
}
