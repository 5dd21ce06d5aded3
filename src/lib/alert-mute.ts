/**
 * How long "Mute" silences an alert rule. "Until unmuted" is a time no one will reach (the last
 * millisecond of 9999), so a muted rule is always "muted until a time" and needs no second column.
 */
export const mutedForever = 253_402_300_799_999;

export const muteChoices = [
  { value: "1h", label: "for 1 hour", ms: 3_600_000 },
  { value: "1d", label: "for 1 day", ms: 86_400_000 },
  { value: "1w", label: "for 1 week", ms: 604_800_000 },
  { value: "forever", label: "until unmuted", ms: null },
] as const;

/** When a mute chosen now ends; undefined for a choice that is not offered. */
export function muteUntil(choice: string, now: number): number | undefined {
  const found = muteChoices.find((item) => item.value === choice);
  if (!found) return undefined;
  return found.ms === null ? mutedForever : now + found.ms;
}

/** Whether the rule is silent at `now`, and until when in words' terms. */
export function muteState(mutedUntil: number | null, now: number): { isMuted: false } | { isMuted: true; isForever: boolean; until: number } {
  if (mutedUntil === null || mutedUntil <= now) return { isMuted: false };
  return { isMuted: true, isForever: mutedUntil >= mutedForever, until: mutedUntil };
}
