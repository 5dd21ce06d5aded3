import semver from "semver";

/**
 * Orders two releases the way Sentry does: by semantic version when both are one (a `package@` prefix is
 * ignored, so `shop@2.1.0` is 2.1.0), otherwise by when Lantern first saw each. A release never seen
 * counts as the newest. Returns a negative number when `a` is older than `b`, 0 when equal, positive when newer.
 */
export function compareReleases(a: string, b: string, firstSeenOf: (release: string) => number | undefined): number {
  if (a === b) return 0;
  const versionA = semanticVersionOf(a);
  const versionB = semanticVersionOf(b);
  if (versionA && versionB) {
    const order = semver.compare(versionA, versionB);
    if (order !== 0) return order;
  }
  const seenA = firstSeenOf(a) ?? Number.POSITIVE_INFINITY;
  const seenB = firstSeenOf(b) ?? Number.POSITIVE_INFINITY;
  return seenA === seenB ? 0 : seenA < seenB ? -1 : 1;
}

function semanticVersionOf(release: string): semver.SemVer | null {
  const version = release.includes("@") ? release.slice(release.lastIndexOf("@") + 1) : release;
  // "2", "1.9" and "v2.1" are versions too; a git sha or a build name is not.
  const parts = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?([-+].*)?$/.exec(version);
  if (!parts) return null;
  return semver.parse(`${parts[1]}.${parts[2] ?? 0}.${parts[3] ?? 0}${parts[4] ?? ""}`);
}
