/**
 * How long raw envelopes stay in the Received list, in words, for LANTERN_RAW_RETENTION_HOURS — so a list
 * that empties after digest reads as the setting it is, not as "nothing arrived".
 */
export function rawRetentionInWords(hours: number): string {
  if (hours === 0) return "Raw envelopes are deleted once digested (LANTERN_RAW_RETENTION_HOURS=0): only those still waiting show here.";
  return `Raw envelopes are kept ${hours === 1 ? "1 hour" : `${hours.toLocaleString("en")} hours`} after they arrive, then deleted; the events made of them stay.`;
}
