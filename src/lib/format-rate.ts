/**
 * A 0–1 rate as a percentage with one decimal where it has one ("99.5 %", "75 %"). Only exactly none or all reads as "0 %" or
 * "100 %": 99.96 % of sessions crash-free is not "100 %", it reads "99.9 %".
 */
export function formatRate(rate: number): string {
  const percent = rate * 100;
  if (percent === 100 || percent === 0) return `${percent} %`;
  const shown = percent >= 99.95 ? "99.9" : percent < 0.05 ? "0.1" : percent.toFixed(1).replace(/\.0$/, "");
  return `${shown} %`;
}
