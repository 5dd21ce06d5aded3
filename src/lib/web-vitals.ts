/**
 * The web vitals Lantern keeps, their codes in `web_vitals.vital`, units, and the thresholds of good /
 * needs improvement / poor as web.dev defines them (telemetry-protocol.md §5: Google's `web-vitals` figures;
 * Sentry's own table differs for FCP and TTFB).
 */
export const webVitals = {
  lcp: { code: 1, label: "Largest Contentful Paint", unit: "ms", good: 2500, poor: 4000 },
  inp: { code: 2, label: "Interaction to Next Paint", unit: "ms", good: 200, poor: 500 },
  cls: { code: 3, label: "Cumulative Layout Shift", unit: "", good: 0.1, poor: 0.25 },
  fcp: { code: 4, label: "First Contentful Paint", unit: "ms", good: 1800, poor: 3000 },
  ttfb: { code: 5, label: "Time to First Byte", unit: "ms", good: 800, poor: 1800 },
} as const;

export type WebVitalName = keyof typeof webVitals;
export type WebVitalRating = "good" | "needs-improvement" | "poor";

export const webVitalNames = Object.keys(webVitals) as WebVitalName[];

export function webVitalByCode(code: number): WebVitalName | null {
  return webVitalNames.find((name) => webVitals[name].code === code) ?? null;
}

/** web.dev's rule: good up to and including the first threshold, poor above the second. */
export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const { good, poor } = webVitals[name];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}
