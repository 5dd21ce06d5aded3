/** Who an issue or a piece of feedback is assigned to: a person or a team. */
export type Assignee = { type: "user"; id: string; name: string; email: string } | { type: "team"; id: string; slug: string; name: string };
