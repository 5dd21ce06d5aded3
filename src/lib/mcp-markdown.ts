/**
 * Markdown for LLM readers. Everything Lantern did not write (titles, messages, tag values, user input) is
 * untrusted: it goes into code spans or fences sized to outlast any backtick run inside it, so it cannot
 * open a heading, a link or an instruction-looking paragraph of its own.
 */

/** A code span that holds `text` literally on one line (newlines become spaces). */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n]+/g, " ");
  if (flat === "") return "` `";
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const padded = flat.startsWith("`") || flat.endsWith("`") ? ` ${flat} ` : flat;
  return `${fence}${padded}${fence}`;
}

/** A fenced block that holds `text` literally, whatever fences it contains. */
export function fencedBlock(text: string, language = ""): string {
  const longestRun = Math.max(2, ...(text.match(/`{3,}/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  return `${fence}${language}\n${text.replace(/\n+$/, "")}\n${fence}`;
}

/** A Markdown table; cells are untrusted values shown as code spans, or Lantern's own words given as `{ text }`. */
export type Cell = string | number | null | undefined | { text: string };

export function table(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cell = (value: Cell) => {
    if (value === null || value === undefined || value === "") return "—";
    if (typeof value === "number") return String(value);
    if (typeof value === "object") return value.text.replace(/\|/g, "\\|");
    return codeSpan(value).replace(/\|/g, "\\|");
  };
  return [`| ${headers.join(" | ")} |`, `| ${headers.map(() => "---").join(" | ")} |`, ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`)].join("\n");
}

/** A link to one of Lantern's own pages (the label is Lantern's own words). */
export function pageLink(label: string, url: string): string {
  return `[${label.replace(/[[\]]/g, "")}](${encodeURI(decodeURI(url))})`;
}

const encoder = new TextEncoder();

/**
 * Cuts Markdown to at most `maxBytes` of UTF-8 at a line boundary and says so, so an answer never floods the
 * reader's context; a fence left open by the cut is closed.
 */
export function capMarkdown(text: string, maxBytes: number): { text: string; truncated: boolean } {
  if (encoder.encode(text).length <= maxBytes) return { text, truncated: false };
  const note = "\n\n_…truncated: the answer was longer than the limit. Ask for less (a smaller `limit`, a narrower query)._";
  const budget = maxBytes - encoder.encode(note).length - 16;
  const lines = text.split("\n");
  const kept: string[] = [];
  let used = 0;
  let openFence: string | null = null;
  for (const line of lines) {
    const size = encoder.encode(line).length + 1;
    if (used + size > budget) break;
    kept.push(line);
    used += size;
    const fence = /^(`{3,})/.exec(line)?.[1];
    if (fence) openFence = openFence === null ? fence : fence.length >= openFence.length ? null : openFence;
  }
  if (openFence) kept.push(openFence);
  return { text: kept.join("\n") + note, truncated: true };
}
