/** The p-th percentile (0–1) of ascending values by linear interpolation between closest ranks (PostgreSQL's percentile_cont); null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (rank - lower);
}
