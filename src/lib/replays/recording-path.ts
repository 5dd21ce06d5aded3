/** Where the replay page and the player's loader read a replay's sanitized recording (the same-origin route). */
export function recordingPath(replayId: string): string {
  return `/replays/${replayId}/recording`;
}
