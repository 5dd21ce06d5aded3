import { component, leaf, mark } from "./grouping-component";
import type { GroupingComponent } from "@/lib/grouping-tree";
import { trimNativeFunctionName } from "./trim-native-function";

export type PlatformFamily = "javascript" | "native" | "other";

/** §5.4: `javascript` = {javascript, node}; `native` = {objc, cocoa, swift, native, c}. */
export function familyOfPlatform(platform: string): PlatformFamily {
  if (platform === "javascript" || platform === "node") return "javascript";
  if (platform === "objc" || platform === "cocoa" || platform === "swift" || platform === "native" || platform === "c") return "native";
  return "other";
}

/** ERB templates compile to methods with generated numeric suffixes (§5.4 Ruby). */
const rubyErbSuffix = /__\d{4,}_\d{4,}$/;

/** The part after the last `.`: `Object.aha` and `Foo.aha` are the same function across browsers (§5.4). */
export const lastDotPart = (name: string): string => name.slice(name.lastIndexOf(".") + 1);

export interface FunctionInput {
  function: unknown;
  rawFunction: unknown;
  platform: string;
  /** `frame.data.sourcemap` is set: the name came from a source map. */
  sourcemapUsed: boolean;
  /** The frame's context-line component contributes. */
  contextLineAvailable: boolean;
}

/**
 * §5.4 function: `function || raw_function` (C# prefers the raw name), trimmed like Sentry's normalization
 * does when there is no raw name, then the per-platform clean-ups.
 */
export function buildFunctionComponent(input: FunctionInput): GroupingComponent {
  const fn = typeof input.function === "string" ? input.function : "";
  const raw = typeof input.rawFunction === "string" ? input.rawFunction : "";
  const { platform } = input;
  const family = familyOfPlatform(platform);
  let name = platform === "csharp" ? raw || fn : fn || raw;
  if (platform !== "csharp" && !raw && fn && family === "native") name = trimNativeFunctionName(fn);
  if (!name) return component("function");

  const node = leaf("function", name);
  const replace = (value: string, hint: string): void => {
    if (value === name) return;
    node.values = [value];
    node.hint = hint;
  };
  if (platform === "ruby") {
    if (name.startsWith("block ")) replace("block", "ruby block");
    else replace(name.replace(rubyErbSuffix, ""), "removed generated erb template suffix");
  } else if (platform === "php") {
    if (name.startsWith("[Anonymous") || name.startsWith("class@anonymous\u0000")) mark(node, false, "ignored anonymous function");
    if (name.startsWith("class@anonymous") && name.includes("::")) replace(name.slice(name.lastIndexOf("::") + 2), "anonymous class method");
  } else if (platform === "java") {
    if (name.startsWith("lambda$")) mark(node, false, "ignored lambda function");
  } else if (family === "native") {
    if (name === "<redacted>" || name === "<unknown>") mark(node, false, "ignored unknown function");
  } else if (family === "javascript") {
    replace(lastDotPart(name), "trimmed javascript function");
    // Names from source maps are unreliable; the context line says more when there is one.
    if (input.sourcemapUsed && input.contextLineAvailable) {
      mark(node, false, "ignored because sourcemap used and context line available");
    }
  }
  return node;
}
