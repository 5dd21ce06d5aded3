import { isRecord, type JsonObject } from "@/lib/json-values";
import { buildFunctionComponent, familyOfPlatform, lastDotPart } from "./frame-function-component";
import { buildFilenameComponent, buildModuleComponent, hasUrlOrigin } from "./frame-path-components";
import { component, contributes, leaf, mark } from "./grouping-component";
import type { GroupingComponent } from "@/lib/grouping-tree";

/** §5.4: the platforms whose source lines are trusted enough to group by. */
const contextLinePlatforms = new Set(["javascript", "node", "python", "php", "ruby"]);
/** Python's `str.split()` whitespace (JS `\s` lacks \x1c-\x1f and \x85 and adds \ufeff). */
const pythonWhitespace = /[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const maxContextLineChars = 120;
/** JavaScript function names that say nothing about the code (§5.4). */
const unknownJsFunctions = new Set(["?", "<anonymous function>", "<anonymous>", "Anonymous function"]);
/** JavaScript frames of evaluated or engine code that differ between browsers (§5.4). */
const lowQualityJsPaths = new Set(["[native code]", "native code", "eval code", "<anonymous>"]);

/** Length in code points like Python's `len`, counted only when the UTF-16 length could exceed the limit. */
const tooLong = (line: string): boolean => line.length > maxContextLineChars && [...line].length > maxContextLineChars;

/**
 * §5.4 context-line: whitespace collapsed to single blanks; ignored when the original line is over 120
 * characters, and for JavaScript frames without a function whose file is a URL (`file:` included here).
 */
function buildContextLineComponent(frame: JsonObject, platform: string): GroupingComponent | null {
  const raw = frame.context_line;
  if (typeof raw !== "string" || raw === "" || !contextLinePlatforms.has(platform)) return null;
  const line = raw.split(pythonWhitespace).filter(Boolean).join(" ");
  if (!line) return component("context-line");
  const node = leaf("context-line", line);
  if (tooLong(raw)) mark(node, false, "ignored because line is too long");
  else if (familyOfPlatform(platform) === "javascript" && !frame.function && hasUrlOrigin(frame.abs_path, true)) {
    mark(node, false, "ignored because from URL origin and no function");
  }
  return node;
}

/**
 * §5.4 frame:v1 — children `[module, filename, function, context-line]` for one frame. `eventPlatform` is used
 * when the frame has no platform of its own. Recursion and in-app are the stack trace's business (§5.3).
 */
export function buildFrameComponent(frame: JsonObject, eventPlatform: string): GroupingComponent {
  const platform = typeof frame.platform === "string" && frame.platform ? frame.platform : eventPlatform;
  const filename = buildFilenameComponent(frame.filename, frame.abs_path, platform);
  const moduleNode = buildModuleComponent(frame.module, frame.abs_path, platform);
  if (contributes(moduleNode) && contributes(filename)) mark(filename, false, "ignored because module takes precedence");
  const contextLine = buildContextLineComponent(frame, platform);
  const fn = buildFunctionComponent({
    function: frame.function,
    rawFunction: frame.raw_function,
    platform,
    sourcemapUsed: isRecord(frame.data) && frame.data.sourcemap !== undefined && frame.data.sourcemap !== null,
    contextLineAvailable: contextLine !== null && contributes(contextLine),
  });
  const node = component("frame", contextLine ? [moduleNode, filename, fn, contextLine] : [moduleNode, filename, fn]);

  if (familyOfPlatform(platform) === "javascript") {
    const rawName = [frame.raw_function, frame.function].find((v): v is string => typeof v === "string" && v !== "");
    const name = rawName === undefined ? "" : lastDotPart(rawName);
    if (!name) mark(fn, false);
    else if (unknownJsFunctions.has(name) || name.endsWith("/<")) mark(fn, false, "ignored unknown function name");
    if (name === "eval" || (typeof frame.abs_path === "string" && lowQualityJsPaths.has(frame.abs_path))) {
      mark(node, false, "ignored low quality javascript frame");
    }
  }
  return node;
}
