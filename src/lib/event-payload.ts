import { frameNoteKey, type FrameNote } from "./frame-diagnosis";
import { humanizeContextTitle } from "./humanize-context-title";
import { ownValue } from "./own-value";

/**
 * Typed, defensive reads of a stored (normalized) Sentry event for the issue page. The payload is still
 * untrusted JSON: every read checks its type, and anything unexpected is skipped rather than rendered.
 * Field names follow the Sentry event protocol (https://develop.sentry.dev/sdk/data-model/event-payloads/).
 */
type Json = Record<string, unknown>;

export interface FrameView {
  function: string | null;
  module: string | null;
  filename: string | null;
  absPath: string | null;
  lineno: number | null;
  colno: number | null;
  inApp: boolean;
  contextLine: string | null;
  preContext: string[];
  postContext: string[];
  /** Local variables (`frame.vars`) as key/value text, when the SDK sent them. */
  vars: [string, string][];
  /** Source maps: resolved when shown, or why it stays minified (issue page only). */
  note?: FrameNote | null;
}

export interface ExceptionView {
  type: string | null;
  value: string | null;
  module: string | null;
  mechanism: { type: string; handled: boolean | null } | null;
  /** Newest (crashing) frame first. */
  frames: FrameView[];
  /** The minified frames source maps replaced (`raw_stacktrace`), newest first; empty when none were. */
  rawFrames?: FrameView[];
}

export interface BreadcrumbView {
  /** Epoch ms. */
  timestamp: number | null;
  type: string | null;
  category: string | null;
  level: string | null;
  message: string | null;
  data: Json | null;
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function count(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function values(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Array.isArray(value.values)) return value.values;
  return [];
}

function lines(value: unknown): string[] {
  return Array.isArray(value) ? value.map((line) => (typeof line === "string" ? line : "")) : [];
}

function readFrame(frame: Json, note: FrameNote | null = null): FrameView {
  return {
    // The SDKs' stack parsers write `?` for a function without a name; it reads as what it is.
    function: text(frame.function) === "?" ? "<anonymous>" : (text(frame.function) ?? text(frame.raw_function) ?? text(frame.symbol)),
    module: text(frame.module),
    filename: text(frame.filename),
    absPath: text(frame.abs_path),
    lineno: count(frame.lineno),
    colno: count(frame.colno),
    inApp: frame.in_app === true,
    contextLine: typeof frame.context_line === "string" ? frame.context_line : null,
    preContext: lines(frame.pre_context),
    postContext: lines(frame.post_context),
    vars: readPairs(frame.vars),
    note,
  };
}

/**
 * The exception chain, newest (the one raised last, listed last by the SDKs) first; frames newest first.
 * `notes` (by frameNoteKey, indexes as stored) attach what source-map resolution says about each frame.
 */
export function readExceptions(payload: Json, notes: Record<string, FrameNote> = {}): ExceptionView[] {
  const framesOf = (stacktrace: unknown, index: number | null): FrameView[] =>
    (isRecord(stacktrace) && Array.isArray(stacktrace.frames) ? stacktrace.frames : [])
      .flatMap((frame: unknown, position: number) => (isRecord(frame) ? [readFrame(frame, index === null ? null : (ownValue(notes, frameNoteKey("exception", index, position)) ?? null))] : []))
      .reverse();
  return values(payload.exception)
    .flatMap((exception, index) => (isRecord(exception) ? [{ exception, index }] : []))
    .map(({ exception, index }) => {
      const mechanism = isRecord(exception.mechanism) ? exception.mechanism : null;
      return {
        type: text(exception.type),
        value: text(exception.value),
        module: text(exception.module),
        mechanism: mechanism ? { type: text(mechanism.type) ?? "generic", handled: typeof mechanism.handled === "boolean" ? mechanism.handled : null } : null,
        frames: framesOf(exception.stacktrace, index),
        rawFrames: framesOf(exception.raw_stacktrace, null),
      };
    })
    .reverse();
}

/** Breadcrumbs oldest first, as stored; timestamps (float seconds in the protocol) become epoch ms. */
export function readBreadcrumbs(payload: Json): BreadcrumbView[] {
  return values(payload.breadcrumbs)
    .filter(isRecord)
    .map((crumb) => {
      const seconds = count(crumb.timestamp);
      return {
        timestamp: seconds === null ? null : Math.round(seconds * 1000),
        type: text(crumb.type),
        category: text(crumb.category),
        level: text(crumb.level),
        message: text(crumb.message),
        data: isRecord(crumb.data) ? crumb.data : null,
      };
    });
}

/** Tags as stored: a list of [key, value] pairs (an object is accepted too). */
export function readTags(payload: Json): [string, string][] {
  const tags = payload.tags;
  const pairs: [unknown, unknown][] = Array.isArray(tags) ? tags.filter((pair): pair is unknown[] => Array.isArray(pair)).map((pair) => [pair[0], pair[1]]) : isRecord(tags) ? Object.entries(tags) : [];
  return pairs.filter((pair): pair is [string, string] => typeof pair[0] === "string" && typeof pair[1] === "string");
}

/** An object field's entries with displayable values (user, request, one context…). */
export function readEntries(value: unknown): [string, string][] {
  if (!isRecord(value)) return [];
  return Object.entries(value)
    .filter(([, entry]) => entry !== null && entry !== undefined && entry !== "")
    .map(([key, entry]) => [key, displayValue(entry)]);
}

/** Contexts by name (os, runtime, browser, trace…), each as key/value entries. */
export function readContexts(payload: Json): { name: string; entries: [string, string][] }[] {
  if (!isRecord(payload.contexts)) return [];
  return Object.entries(payload.contexts)
    .map(([name, context]) => ({ name, entries: readEntries(context) }))
    .filter((context) => context.entries.length > 0);
}

/** The event's message: `logentry.formatted` (or its template), else a plain `message`. */
export function readMessage(payload: Json): string | null {
  const logentry = isRecord(payload.logentry) ? payload.logentry : null;
  return text(logentry?.formatted) ?? text(logentry?.message) ?? text(payload.message) ?? (isRecord(payload.message) ? text(payload.message.formatted) : null);
}

/** A string field of the event (release, environment, platform, transaction…). */
export function readText(payload: Json, field: string): string | null {
  return text(payload[field]);
}

/** A value as one line of text: strings as they are, anything else as compact JSON, cut at 2,000 characters. */
export function displayValue(value: unknown): string {
  let shown: string;
  if (typeof value === "string") shown = value;
  else if (typeof value === "number" || typeof value === "boolean") shown = String(value);
  else {
    try {
      shown = JSON.stringify(value) ?? String(value);
    } catch {
      shown = String(value);
    }
  }
  return shown.length > 2000 ? `${shown.slice(0, 2000)}…` : shown;
}

/**
 * A databag as key/value text: a list of pairs (how headers and some SDKs send them) or an object's
 * entries. Anything else gives no pairs.
 */
export function readPairs(value: unknown): [string, string][] {
  if (Array.isArray(value)) {
    return value.filter((pair): pair is unknown[] => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string").map((pair) => [pair[0] as string, displayValue(pair[1])]);
  }
  return readEntries(value);
}

/**
 * A query string or cookie header, as sent or as pairs: text is split on its separator into pairs, but
 * text without any `=` (such as a scrubbed "[Filtered]") is kept as it is.
 */
function readTextPairs(value: unknown, separator: "&" | ";"): [string, string][] | string {
  if (typeof value !== "string") return readPairs(value);
  if (!value.includes("=")) return value.trim();
  return splitTextPairs(value, separator);
}

/** `a=1&b=2` (a query string, URL-decoded) or `a=1; b=2` (a cookie header, as is) into pairs. */
export function splitTextPairs(text: string, separator: "&" | ";"): [string, string][] {
  return text
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part): [string, string] => {
      const equals = part.indexOf("=");
      const [key, entry] = equals === -1 ? [part, ""] : [part.slice(0, equals), part.slice(equals + 1)];
      if (separator === ";") return [key, entry];
      try {
        return [decodeURIComponent(key.replaceAll("+", " ")), decodeURIComponent(entry.replaceAll("+", " "))];
      } catch {
        return [key, entry];
      }
    });
}

export interface RequestView {
  method: string | null;
  url: string | null;
  /** Pairs, or the text as sent when it is not `key=value` pairs ("" when there is none). */
  query: [string, string][] | string;
  headers: [string, string][];
  cookies: [string, string][] | string;
  /** The request body (`data`) as text: strings as sent, anything else as JSON. */
  body: string | null;
  env: [string, string][];
}

/** The HTTP request the event happened in (Sentry's `request` interface), or null when there is none. */
export function readRequest(payload: Json): RequestView | null {
  const request = payload.request;
  if (!isRecord(request)) return null;
  const view: RequestView = {
    method: text(request.method),
    url: text(request.url),
    query: readTextPairs(request.query_string, "&"),
    headers: readPairs(request.headers),
    cookies: readTextPairs(request.cookies, ";"),
    body: request.data === undefined || request.data === null || request.data === "" ? null : typeof request.data === "string" ? request.data : displayValue(request.data),
    env: readPairs(request.env),
  };
  const isEmpty = !view.method && !view.url && !view.body && [view.query, view.headers, view.cookies, view.env].every((pairs) => pairs.length === 0);
  return isEmpty ? null : view;
}

export interface SdkView {
  name: string | null;
  version: string | null;
  integrations: string[];
  packages: string[];
}

/** The SDK that sent the event (`sdk`): name, version, integrations and packages (`name@version`). */
export function readSdk(payload: Json): SdkView | null {
  const sdk = payload.sdk;
  if (!isRecord(sdk)) return null;
  const integrations = Array.isArray(sdk.integrations) ? sdk.integrations.filter((name): name is string => typeof name === "string") : [];
  const packages = Array.isArray(sdk.packages)
    ? sdk.packages.filter(isRecord).flatMap((entry) => {
        const name = text(entry.name);
        return name ? [text(entry.version) ? `${name}@${text(entry.version)}` : name] : [];
      })
    : [];
  const view = { name: text(sdk.name), version: text(sdk.version), integrations, packages };
  return view.name || view.version || integrations.length > 0 || packages.length > 0 ? view : null;
}

/** The contexts people look for first, in this order; others follow by name. */
const contextOrder = ["browser", "os", "device", "runtime", "app", "trace", "culture", "cloud_resource", "gpu", "response"];
const contextTitles: Record<string, string> = { browser: "Browser", os: "Operating system", device: "Device", runtime: "Runtime", app: "App", trace: "Trace", culture: "Culture", cloud_resource: "Cloud resource", gpu: "GPU", response: "Response", nextjs: "Next.js" };

export interface ContextView {
  name: string;
  title: string;
  /** Known contexts (os, device…): each value as one line of text. */
  entries: [string, string][];
  /** A custom context (`setContext("order", …)`): its values as sent, any JSON type, for a tree. Null for known ones. */
  values: [string, unknown][] | null;
}

/**
 * Contexts, known ones first, each with a title for people: a known context by its name, a custom one by its
 * key humanized (or its own `title`), with its values kept as JSON so nested objects read as a tree.
 */
export function readNamedContexts(payload: Json): ContextView[] {
  const rank = (name: string) => (contextOrder.includes(name) ? contextOrder.indexOf(name) : contextOrder.length);
  return readContexts(payload)
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
    .map((context): ContextView => {
      const known = ownValue(contextTitles, context.name);
      const raw = isRecord(payload.contexts) ? ownValue(payload.contexts, context.name) : undefined;
      const object = isRecord(raw) ? raw : {};
      // `type` repeats the context's name (os, browser…) and says nothing more.
      const repeatsName = (key: string, value: unknown) => key === "type" && value === context.name;
      return {
        name: context.name,
        title: known ?? humanizeContextTitle(context.name, object),
        entries: context.entries.filter(([key, value]) => !repeatsName(key, value)),
        values: known ? null : Object.entries(object).filter(([key, value]) => value !== undefined && !repeatsName(key, value)),
      };
    })
    .filter((context) => context.entries.length > 0);
}

/** `extra` (setExtra, setExtras, captureException's `extra`): its keys sorted, as Sentry lists them, values as sent. */
export function readExtra(payload: Json): [string, unknown][] {
  if (!isRecord(payload.extra)) return [];
  return Object.entries(payload.extra)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
}

/** `modules` (package → version, from the SDK's modules integration), sorted by name. */
export function readModules(payload: Json): [string, string][] {
  if (!isRecord(payload.modules)) return [];
  return Object.entries(payload.modules)
    .filter(([name]) => name !== "")
    .map(([name, version]): [string, string] => [name, version === null || version === undefined ? "" : displayValue(version)])
    .sort(([a], [b]) => a.localeCompare(b));
}

export interface DebugImageView {
  type: string | null;
  debugId: string | null;
  codeFile: string | null;
  codeId: string | null;
  arch: string | null;
  imageAddr: string | null;
  imageSize: number | null;
}

/** `debug_meta.images`: source maps by debug id (JS) or native images, each with what identifies it. */
export function readDebugImages(payload: Json): DebugImageView[] {
  const images = isRecord(payload.debug_meta) && Array.isArray(payload.debug_meta.images) ? payload.debug_meta.images : [];
  return images.filter(isRecord).map((image) => ({
    type: text(image.type),
    debugId: text(image.debug_id) ?? text(image.id) ?? text(image.uuid),
    codeFile: text(image.code_file) ?? text(image.name),
    codeId: text(image.code_id),
    arch: text(image.arch),
    imageAddr: text(image.image_addr),
    imageSize: count(image.image_size),
  }));
}

export interface ThreadView {
  id: string | null;
  name: string | null;
  crashed: boolean;
  current: boolean;
  main: boolean;
  state: string | null;
  /** Newest frame first. */
  frames: FrameView[];
}

/** `threads`, each with its stack trace (newest frame first) and whether it crashed, is current or is the main one. */
export function readThreads(payload: Json): ThreadView[] {
  return values(payload.threads)
    .filter(isRecord)
    .map((thread) => ({
      id: typeof thread.id === "number" || typeof thread.id === "string" ? String(thread.id) : null,
      name: text(thread.name),
      crashed: thread.crashed === true,
      current: thread.current === true,
      main: thread.main === true,
      state: text(thread.state),
      frames: (isRecord(thread.stacktrace) && Array.isArray(thread.stacktrace.frames) ? thread.stacktrace.frames : []).filter(isRecord).map((frame) => readFrame(frame)).reverse(),
    }));
}

export interface LogentryView {
  /** The message as formatted (or as sent when there is nothing to format). */
  formatted: string;
  /** The template (`logentry.message`) when it differs from the formatted message. */
  template: string | null;
  /** The template's parameters as sent: positional by index, named by name. */
  params: [string, unknown][];
}

/** The event's message (`logentry`) with its template and parameters, or null when there is none. */
export function readLogentry(payload: Json): LogentryView | null {
  const formatted = readMessage(payload);
  if (formatted === null) return null;
  const logentry = isRecord(payload.logentry) ? payload.logentry : null;
  const template = text(logentry?.message);
  const params = logentry?.params;
  return {
    formatted,
    template: template !== null && template !== formatted ? template : null,
    params: Array.isArray(params) ? params.map((value, index): [string, unknown] => [String(index), value]) : isRecord(params) ? Object.entries(params) : [],
  };
}

/** The fingerprint the SDK sent, or null when it sent none (or only Sentry's default `{{ default }}`). */
export function readFingerprint(payload: Json): string[] | null {
  if (!Array.isArray(payload.fingerprint)) return null;
  const parts = payload.fingerprint.filter((part): part is string => typeof part === "string");
  const isDefault = parts.length === 1 && /^\{\{\s*default\s*\}\}$/i.test(parts[0]!.trim());
  return parts.length === 0 || isDefault ? null : parts;
}

export interface ProcessingErrorView {
  type: string;
  /** The field it concerns (`threads.values.0`, `release`…). */
  name: string | null;
  value: string | null;
}

/** `errors`: what normalization repaired or dropped (Relay's `{type, name, value}`), in the order recorded. */
export function readProcessingErrors(payload: Json): ProcessingErrorView[] {
  return (Array.isArray(payload.errors) ? payload.errors : []).filter(isRecord).map((error) => ({
    type: text(error.type) ?? "unknown_error",
    name: text(error.name),
    value: error.value === undefined || error.value === null ? null : displayValue(error.value),
  }));
}
