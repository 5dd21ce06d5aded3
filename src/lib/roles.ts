/** The roles of an account, most powerful first. Shared by the database's row types, the verbs and the forms. */
export const roles = ["owner", "admin", "member"] as const;
export type Role = (typeof roles)[number];
