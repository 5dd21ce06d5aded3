import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";

/**
 * rrweb recordings built by hand (the serialized-node format of rrweb-snapshot 2: Document 0, DocumentType 1,
 * Element 2, Text 3; events Meta 4, FullSnapshot 2, IncrementalSnapshot 3, Custom 5) and sent to Lantern the
 * way the browser SDK sends them: a `replay_event` item plus a `replay_recording` item holding
 * `{"segment_id":N}\n` and the zlib-compressed rrweb JSON, through the real ingest endpoint.
 */

export type SerializedNode = Record<string, unknown>;
export type RrwebEvent = { type: number; timestamp: number; data: Record<string, unknown> };

export class NodeIds {
  private next = 1;
  take(): number {
    return this.next++;
  }
}

export function element(ids: NodeIds, tagName: string, attributes: Record<string, string> = {}, childNodes: SerializedNode[] = [], isSVG = false): SerializedNode {
  return { type: 2, id: ids.take(), tagName, attributes, childNodes, ...(isSVG ? { isSVG: true } : {}) };
}

export function text(ids: NodeIds, textContent: string): SerializedNode {
  return { type: 3, id: ids.take(), textContent };
}

/** A document: `<!doctype html><html><head>…</head><body>…</body></html>`; the body's id is returned to add to it later. */
export function documentNode(ids: NodeIds, head: (ids: NodeIds) => SerializedNode[], body: (ids: NodeIds) => SerializedNode[]): { node: SerializedNode; bodyId: number } {
  const documentId = ids.take();
  const doctype = { type: 1, id: ids.take(), name: "html", publicId: "", systemId: "" };
  const htmlId = ids.take();
  const headNode = { type: 2, id: ids.take(), tagName: "head", attributes: {}, childNodes: head(ids) };
  const bodyId = ids.take();
  const bodyNode = { type: 2, id: bodyId, tagName: "body", attributes: {}, childNodes: body(ids) };
  return { node: { type: 0, id: documentId, childNodes: [doctype, { type: 2, id: htmlId, tagName: "html", attributes: { lang: "en" }, childNodes: [headNode, bodyNode] }] }, bodyId };
}

export function metaEvent(timestamp: number, href: string): RrwebEvent {
  return { type: 4, timestamp, data: { href, width: 1024, height: 600 } };
}

export function fullSnapshotEvent(timestamp: number, node: SerializedNode): RrwebEvent {
  return { type: 2, timestamp, data: { node, initialOffset: { left: 0, top: 0 } } };
}

/**
 * An incremental mutation appending nodes to a parent. The recorder lists every added node on its own, its
 * children after it with their parent's id (the replayer builds each add without children), so do we.
 */
export function addNodesEvent(timestamp: number, parentId: number, nodes: SerializedNode[]): RrwebEvent {
  const adds: { parentId: number; nextId: null; node: SerializedNode }[] = [];
  const visit = (node: SerializedNode, parent: number) => {
    const { childNodes, ...rest } = node;
    adds.push({ parentId: parent, nextId: null, node: Array.isArray(childNodes) ? { ...rest, childNodes: [] } : rest });
    for (const child of Array.isArray(childNodes) ? (childNodes as SerializedNode[]) : []) visit(child, node.id as number);
  };
  for (const node of nodes) visit(node, parentId);
  return { type: 3, timestamp, data: { source: 0, texts: [], attributes: [], removes: [], adds } };
}

export function consoleEvent(timestamp: number, level: string, message: string): RrwebEvent {
  return { type: 5, timestamp, data: { tag: "breadcrumb", payload: { timestamp: timestamp / 1000, type: "default", category: "console", level, message, data: { arguments: [message], logger: "console" } } } };
}

export function newReplayId(): string {
  return randomBytes(16).toString("hex");
}

export interface ReplaySegment {
  segmentId: number;
  events: RrwebEvent[];
  /** Bytes sent instead of the compressed events (to exceed the cap). */
  rawBody?: Buffer;
}

export interface DsnParts {
  projectId: number;
  publicKey: string;
}

export function parseDsn(dsn: string): DsnParts {
  const url = new URL(dsn);
  return { projectId: Number(url.pathname.slice(1)), publicKey: url.username };
}

/** One envelope with a segment of a replay, as @sentry/browser's replay integration sends it. */
export function replayEnvelope(replayId: string, segment: ReplaySegment, replayStartMs: number, options: { urls?: string[]; errorIds?: string[]; user?: Record<string, string> } = {}): Buffer {
  const timestamps = segment.events.map((event) => event.timestamp);
  const endMs = timestamps.length > 0 ? Math.max(...timestamps) : replayStartMs;
  const replayEvent = {
    type: "replay_event",
    replay_id: replayId,
    event_id: replayId,
    segment_id: segment.segmentId,
    replay_type: "session",
    timestamp: endMs / 1000,
    replay_start_timestamp: replayStartMs / 1000,
    urls: options.urls ?? [],
    error_ids: options.errorIds ?? [],
    trace_ids: [],
    platform: "javascript",
    environment: "production",
    release: "shop@1.0.0",
    sdk: { name: "sentry.javascript.browser", version: "10.78.0" },
    user: options.user ?? { id: "u-1", email: "replayed@example.com" },
    request: { url: options.urls?.[0] ?? "https://shop.example/", headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" } },
    contexts: { replay: { replay_id: replayId }, browser: { name: "Chrome", version: "131.0.0" }, os: { name: "Linux" } },
  };
  const recording = Buffer.concat([Buffer.from(`${JSON.stringify({ segment_id: segment.segmentId })}\n`), segment.rawBody ?? deflateSync(Buffer.from(JSON.stringify(segment.events)))]);
  const replayEventJson = Buffer.from(JSON.stringify(replayEvent));
  return Buffer.concat([
    Buffer.from(`${JSON.stringify({ event_id: replayId, sent_at: new Date().toISOString() })}\n`),
    Buffer.from(`${JSON.stringify({ type: "replay_event", length: replayEventJson.length })}\n`),
    replayEventJson,
    Buffer.from("\n"),
    Buffer.from(`${JSON.stringify({ type: "replay_recording", length: recording.length })}\n`),
    recording,
    Buffer.from("\n"),
  ]);
}

/** Posts one envelope to the ingest endpoint; answers the HTTP status and body. */
export async function sendEnvelope(baseUrl: string, dsn: DsnParts, body: Buffer): Promise<{ status: number; body: string }> {
  const response = await fetch(`${baseUrl}/api/${dsn.projectId}/envelope/?sentry_key=${dsn.publicKey}&sentry_version=7`, {
    method: "POST",
    headers: { "Content-Type": "application/x-sentry-envelope" },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: await response.text() };
}

/**
 * A recorded page holding the XSS corpus (every vector sets `window.__xss` or opens a dialog if it runs) and
 * one remote image, `trackerUrl`, that must not be requested unless the viewer opts in.
 */
export function xssCorpusRecording(startMs: number, trackerUrl: string, heading: string): RrwebEvent[] {
  const ids = new NodeIds();
  const run = "window.__xss=(window.__xss||0)+1;try{top.__xss=1}catch(e){};alert(1)";
  const { node, bodyId } = documentNode(
    ids,
    (ids) => [
      element(ids, "meta", { "http-equiv": "refresh", content: "0;url=javascript:window.__xss=1" }),
      element(ids, "base", { href: "https://evil.example/" }),
      element(ids, "script", {}, [text(ids, run)]),
      element(ids, "style", {}, [text(ids, "h1{color:rgb(1,2,3)}")]),
    ],
    (ids) => [
      element(ids, "h1", { id: "recorded-heading" }, [text(ids, heading)]),
      element(ids, "script", { src: `${trackerUrl}?script` }),
      element(ids, "script", {}, [text(ids, run)]),
      element(ids, "img", { src: "x", onerror: run }),
      element(ids, "img", { id: "tracker", src: trackerUrl, alt: "tracker" }),
      element(ids, "a", { id: "js-link", href: `javascript:${run}` }, [text(ids, "javascript link")]),
      element(ids, "iframe", { srcdoc: `<script>${run}</script>` }),
      element(ids, "iframe", { src: `javascript:${run}` }),
      element(ids, "form", { id: "autosubmit", action: `javascript:${run}`, method: "post" }, [
        element(ids, "input", { name: "q", value: "x", autofocus: "", onfocus: run }),
        element(ids, "button", { formaction: `javascript:${run}` }, [text(ids, "Go")]),
      ]),
      element(ids, "script", {}, [text(ids, "document.getElementById('autosubmit').submit()")]),
      element(ids, "svg", { onload: run, width: "10", height: "10" }, [element(ids, "script", {}, [text(ids, run)], true), element(ids, "a", { "xlink:href": `javascript:${run}` }, [], true)], true),
      element(ids, "div", { onmouseover: run, style: "width:100%;height:100px" }, [text(ids, "hover me")]),
      element(ids, "object", { data: `data:text/html,<script>${run}</script>` }),
      element(ids, "embed", { src: `data:text/html,<script>${run}</script>` }),
    ],
  );
  const later = ids.take();
  return [
    metaEvent(startMs, "https://shop.example/checkout"),
    fullSnapshotEvent(startMs + 1, node),
    addNodesEvent(startMs + 1_000, bodyId, [{ type: 2, id: later, tagName: "img", attributes: { src: "y", onerror: run }, childNodes: [] }, element(ids, "p", { id: "later" }, [text(ids, "Added later")])]),
    consoleEvent(startMs + 1_500, "error", "<img src=x onerror=alert(1)>"),
    { type: 3, timestamp: startMs + 3_000, data: { source: 1, positions: [{ x: 10, y: 10, id: bodyId, timeOffset: 0 }] } },
  ];
}
