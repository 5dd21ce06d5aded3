import { Users } from "lucide-react";
import { assigneeInitials } from "@/lib/assignee-initials";
import { cn } from "@/lib/cn";
import type { Assignee } from "@/lib/views/issues";

/** Who an assignee is in words: a person's name (else e-mail), a team as #slug. */
export function assigneeName(assignee: Assignee): string {
  return assignee.type === "team" ? `#${assignee.slug}` : assignee.name.trim() || assignee.email;
}

/**
 * A round initials avatar for a person (square-ish with a team icon's colour for a team); the accessible
 * name says who it is, so a list of avatars reads as a list of names.
 */
export function AssigneeAvatar({ assignee, className }: { assignee: Assignee; className?: string }) {
  const initials = assignee.type === "team" ? assigneeInitials(assignee.slug) : assigneeInitials(assignee.name, assignee.email);
  const label = assignee.type === "team" ? `Team ${assigneeName(assignee)}` : assigneeName(assignee);
  return (
    <span
      role="img"
      aria-label={label}
      className={cn(
        "inline-flex h-6 w-6 shrink-0 items-center justify-center text-[0.65rem] font-semibold select-none",
        assignee.type === "team" ? "rounded-md bg-violet-600 text-white" : "rounded-full bg-primary text-primary-foreground",
        className,
      )}
    >
      {initials}
    </span>
  );
}

/** The list's assignee cell: the avatar with the name beside it on wide screens, a dash for nobody. */
export function AssigneeCell({ assignee }: { assignee: Assignee | null | undefined }) {
  if (!assignee) {
    return (
      <span className="text-muted-foreground" aria-label="Unassigned">
        —
      </span>
    );
  }
  return (
    <span className="inline-flex max-w-40 items-center gap-2" data-assignee={assignee.type === "team" ? `team:${assignee.id}` : `user:${assignee.id}`}>
      <AssigneeAvatar assignee={assignee} />
      {assignee.type === "team" ? <Users aria-hidden className="hidden h-3 w-3 text-muted-foreground lg:inline" /> : null}
      <span aria-hidden className="hidden truncate lg:inline">
        {assigneeName(assignee)}
      </span>
    </span>
  );
}
