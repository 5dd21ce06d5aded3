/**
 * Untrusted text (event data: messages, frames, tags, breadcrumbs) made inert in Markdown an LLM reads: it
 * only ever appears inside a code span or a fenced block whose fence is longer than any run of backticks
 * in it, so it cannot close the fence, start a heading, a link or an HTML tag, or pass for the brief's own
 * words. Control characters and bidirectional overrides (which can make text read differently from what it
 * is) are written as `\u` escapes.
 */

const invisible = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const lineBreaks = /\r\n|[\n\r\u2028\u2029\u0085]/g;

function escapeInvisible(text: string): string {
  return text.replace(invisible, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** At most `maxChars` characters (code points), with "…" when cut. */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const points = Array.from(text);
  return points.length <= maxChars ? text : `${points.slice(0, maxChars).join("")}…`;
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

/**
 * One line of untrusted text as a code span: line breaks become ` ⏎ ` (a line starting with `#` or `>`
 * inside a span would still start a block), cut to `maxChars`.
 */
export function inlineCode(text: string, maxChars = 500): string {
  const line = cutText(escapeInvisible(text.replace(lineBreaks, " ⏎ ")), maxChars);
  if (line === "") return "(empty)";
  const fence = "`".repeat(longestBacktickRun(line) + 1);
  // A span that starts or ends with a backtick or a space needs one space of padding (CommonMark strips it).
  const padding = /^[ `]|[ `]$/.test(line) ? " " : "";
  return `${fence}${padding}${line}${padding}${fence}`;
}

/** Lines of untrusted text as a fenced block; `info` is the brief's own word (never event data). */
export function fencedBlock(lines: readonly string[], info: "text" | "json" | "sh" = "text"): string {
  const body = lines.map((line) => escapeInvisible(line.replace(lineBreaks, " ⏎ "))).join("\n");
  const fence = "`".repeat(Math.max(3, longestBacktickRun(body) + 1));
  return `${fence}${info}\n${body}\n${fence}`;
}

/** UTF-8 bytes of a text (the cap counts bytes: what a prompt or a clipboard carries). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}
