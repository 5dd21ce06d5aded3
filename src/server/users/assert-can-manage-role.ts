import { requireOwner } from "../access/authorize";
import type { Viewer } from "../access/viewer";
import type { Role } from "../db/schema";

/**
 * The owner rule, on top of the verb's own row of the policy table (owners and admins manage accounts):
 * only owners grant the owner role or act on an owner (demote, remove, reset the password), so an admin can
 * never take over or lock out an owner.
 * `to` is null when the account is removed.
 */
export function assertCanManageRole(viewer: Viewer, from: Role, to: Role | null): void {
  if (from === "owner" || to === "owner") requireOwner(viewer);
}
