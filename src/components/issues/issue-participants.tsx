import { personName } from "@/lib/issue-words";

/** Initials for an avatar: "ada@example.com" → "A", "Ada Lovelace" → "AL". */
function initials(name: string): string {
  const words = name.split("@")[0]!.split(/[\s._-]+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join("") || "?"
  );
}

/**
 * The people who took part: whoever commented or acted on the issue (resolved, assigned, merged…). Changes
 * digest or the system made are nobody's; people are told apart by their recorded name.
 */
export function IssueParticipants({ actors }: { actors: string[] }) {
  const people = [...new Set(actors.filter((actor) => actor.startsWith("user:")).map(personName))];
  if (people.length === 0) return <p className="text-sm text-muted-foreground">Nobody has acted on this issue yet.</p>;
  return (
    <ul aria-label="Participants" className="space-y-1.5 text-sm">
      {people.map((person) => (
        <li key={person} className="flex min-w-0 items-center gap-2">
          <span aria-hidden className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-muted text-[10px] font-semibold">
            {initials(person)}
          </span>
          <span className="min-w-0 wrap-break-word">{person}</span>
        </li>
      ))}
    </ul>
  );
}
