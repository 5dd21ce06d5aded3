/**
 * The browser SDK's own filter knows the Pages Router's "/404" transaction, not an App Router
 * not-found page, whose transaction is named after its URL. These tell Lantern's client that the
 * page being traced is a not-found page, so its trace is dropped like the SDK drops "/404".
 */
export const notFoundMarkerAttribute = "data-lantern-not-found";

export function isNotFoundPageTrace(op: string | undefined, document: Document, performance: Performance): boolean {
  if (op !== "pageload" && op !== "navigation") return false;
  if (document.querySelector(`[${notFoundMarkerAttribute}]`)) return true;
  if (op !== "pageload") return false;
  const [navigation] = performance.getEntriesByType("navigation") as (PerformanceNavigationTiming & { responseStatus?: number })[];
  return navigation?.responseStatus === 404;
}
