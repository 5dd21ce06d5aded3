import type { JsonObject } from "@/lib/json-values";
import { buildFrameComponent } from "./frame-component";
import { familyOfPlatform } from "./frame-function-component";
import { component, contributes, mark } from "./grouping-component";
import type { GroupingComponent } from "@/lib/grouping-tree";
import type { PreparedStacktrace } from "./prepare-stacktraces";

export type StackVariant = "app" | "system";

/** Frame components of a stack, built once and shared by its app and system variants. */
function baseFrameNodes(prepared: PreparedStacktrace, eventPlatform: string): GroupingComponent[] {
  prepared.frameNodes ??= prepared.frames.map((frame) => buildFrameComponent(frame, eventPlatform));
  return prepared.frameNodes;
}

/** §5.3: a frame repeating the one before it on all of these is a recursive call. */
const recursionFields = ["abs_path", "package", "module", "filename", "function", "lineno", "colno"] as const;

const same = (a: unknown, b: unknown): boolean => a === b || ((a === undefined || a === null) && (b === undefined || b === null));
const isRecursion = (frame: JsonObject, previous: JsonObject | undefined): boolean =>
  previous !== undefined && recursionFields.every((field) => same(frame[field], previous[field]));

/** Sentry's `Frame.is_url()`: the frame's file is a web, file or blob URL. */
const isUrlFrame = (frame: JsonObject): boolean =>
  typeof frame.abs_path === "string" && /^(?:blob|file|https?|applewebdata):/.test(frame.abs_path);

/**
 * §5.3 stacktrace:v1 for one variant: a frame component per frame; in the `app` variant only in-app frames
 * contribute. Then, in Sentry's order: the JavaScript single-frame rule, the rules' `±group` decisions (an
 * explicit `+group` switches a frame back on), `max-frames` (newest frames win) and `min-frames`.
 */
export function buildStacktraceComponent(prepared: PreparedStacktrace, variant: StackVariant, eventPlatform: string): GroupingComponent {
  const { frames, decisions } = prepared;
  const nodes = baseFrameNodes(prepared, eventPlatform).map((base, index) => {
    // A copy per variant: the marks below are the variant's own; the children are shared and never changed.
    const node = { ...base };
    const frame = frames[index]!;
    if (isRecursion(frame, frames[index - 1])) mark(node, false, "ignored due to recursion");
    if (variant === "app" && decisions[index]?.inApp !== true) mark(node, false, decisions[index]?.inAppHint ?? "non app frame");
    return node;
  });

  const only = frames[0];
  if (frames.length === 1 && only && contributes(nodes[0]!)) {
    const platform = typeof only.platform === "string" && only.platform ? only.platform : eventPlatform;
    // 2023 config: the check really is "is a URL", although Sentry's hint says "non-URL" (§5.3).
    if (familyOfPlatform(platform) === "javascript" && !only.function && isUrlFrame(only)) {
      mark(nodes[0]!, false, "ignored single non-URL JavaScript frame");
    }
  }

  decisions.forEach((decision, index) => {
    const node = nodes[index];
    if (node && decision.groupHint !== undefined && node.contributes !== decision.contributes) mark(node, decision.contributes, decision.groupHint);
  });

  let counted = 0;
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index]!;
    if (!contributes(node)) continue;
    counted++;
    if (prepared.maxFrames && counted > prepared.maxFrames) {
      mark(node, false, `ignored because only ${prepared.maxFrames} ${prepared.maxFrames === 1 ? "frame is" : "frames are"} considered`);
      counted--;
    }
  }

  const stacktrace = component("stacktrace", nodes);
  if (prepared.minFrames && counted > 0 && counted < prepared.minFrames) {
    mark(stacktrace, false, `discarded because stack trace only contains ${counted} frame${counted === 1 ? "" : "s"}, under the configured minimum`);
  } else if (counted === 0) {
    stacktrace.hint = variant === "app" && decisions.every((d) => !d.inApp) ? "ignored because it contains no in-app frames" : "ignored because it contains no contributing frames";
  }
  return stacktrace;
}
