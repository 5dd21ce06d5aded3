/**
 * Up to two initials for an avatar: the first letters of a person's first and last name ("Ada Lovelace" →
 * "AL"), else of their e-mail's local part ("bob.smith@…" → "BS"); a team's from its slug ("payments-web" →
 * "PW"). Letters and digits of any script; "?" when there are none.
 */
export function assigneeInitials(name: string, fallback = ""): string {
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const fromName = words(name);
  const parts = fromName.length > 0 ? fromName : words(fallback.split("@")[0] ?? "");
  if (parts.length === 0) return "?";
  const first = [...parts[0]!][0]!;
  const last = parts.length > 1 ? [...parts.at(-1)!][0]! : ([...parts[0]!][1] ?? "");
  return (first + last).toLocaleUpperCase();
}
