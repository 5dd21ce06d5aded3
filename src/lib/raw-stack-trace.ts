import type { ExceptionView, FrameView } from "./event-payload";

function location(frame: FrameView): string {
  const file = frame.absPath ?? frame.filename ?? frame.module ?? "<unknown>";
  if (frame.lineno === null) return file;
  return frame.colno === null ? `${file}:${frame.lineno}` : `${file}:${frame.lineno}:${frame.colno}`;
}

/** One frame as V8 prints it: `at function (file:line:column)`, or `at file:line:column` without a (named) function. */
export function formatRawFrame(frame: FrameView): string {
  return frame.function && frame.function !== "<anonymous>" ? `at ${frame.function} (${location(frame)})` : `at ${location(frame)}`;
}

/**
 * An exception as plain text in the familiar V8 form — `Type: value` and then one `    at …` line per
 * frame, newest first — for copying into an issue tracker or a terminal search.
 */
export function formatRawStackTrace(exception: ExceptionView): string {
  const heading = [exception.type ?? "Error", exception.value].filter(Boolean).join(": ");
  return [heading, ...exception.frames.map((frame) => `    ${formatRawFrame(frame)}`)].join("\n");
}
