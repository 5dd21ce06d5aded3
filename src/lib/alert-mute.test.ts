import { describe, expect, it } from "vitest";
import { mutedForever, muteState, muteUntil } from "./alert-mute";

describe("muting an alert rule", () => {
  const now = Date.UTC(2026, 10, 26, 12);

  it("ends an hour, a day or a week from now, or never", () => {
    expect(["1h", "1d", "1w", "forever"].map((choice) => muteUntil(choice, now))).toEqual([now + 3_600_000, now + 86_400_000, now + 604_800_000, mutedForever]);
    expect(muteUntil("1y", now)).toBeUndefined();
  });

  it("reads a stored time back: past or absent is not muted, the far end is until unmuted", () => {
    expect(muteState(null, now)).toEqual({ isMuted: false });
    expect(muteState(now - 1, now)).toEqual({ isMuted: false });
    expect(muteState(now + 60_000, now)).toEqual({ isMuted: true, isForever: false, until: now + 60_000 });
    expect(muteState(mutedForever, now)).toEqual({ isMuted: true, isForever: true, until: mutedForever });
  });
});
