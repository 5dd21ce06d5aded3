/**
 * A second fence in front of the replay player: rrweb events come from a stranger's browser, and although
 * the player frame is sandboxed (no scripts for the recorded DOM, a CSP with no network) and rrweb's rebuild
 * turns `<script>` into `<noscript>`, what could run or navigate is removed before the events are replayed:
 * `on*` handler attributes, `javascript:` / `vbscript:` / `data:text/html` URLs, `srcdoc`, form actions,
 * `<meta http-equiv>` (refresh), `<base href>`, and the text and `src` of `<script>`. Works on full
 * snapshots (event type 2) and DOM mutations (type 3, source 0), tracking node ids across events so an
 * attribute or text mutation on a recorded `<script>`, `<form>` or `<base>` is cleaned as well.
 */

const fullSnapshotType = 2;
const incrementalSnapshotType = 3;
const mutationSource = 0;
const elementNodeType = 2;
const textNodeType = 3;

const urlAttributes = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "codebase", "cite", "longdesc", "ping", "manifest", "lowsrc", "dynsrc", "usemap", "archive", "classid"]);
/** Attributes dropped on every element, whatever their value. */
const alwaysDroppedAttributes = new Set(["srcdoc", "formaction"]);
/** Attributes dropped on some elements: the navigation and submission targets. */
const droppedByTag: Record<string, Set<string>> = {
  form: new Set(["action", "target"]),
  base: new Set(["href", "target"]),
  meta: new Set(["http-equiv"]),
  script: new Set(["src", "href", "xlink:href"]),
};

// Browsers ignore tabs, newlines and control characters inside a scheme ("java\tscript:"), and entities are
// already decoded in a recorded attribute value.
const scriptUrl = /^(?:javascript|vbscript|livescript|mocha):/;
/** Images as data: URLs stay (recorded pages inline icons); any other data: URL could hold a document. */
const inertDataUrl = /^data:image\/(?:png|gif|jpe?g|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|svg\+xml)[;,]/;
/** Elements that show an image without running it: an SVG there is inert, in an iframe or object it is a document. */
const imageTags = new Set(["img", "image", "source", "input", "link", "video"]);

/** True for a URL whose scheme could run code or hold a document when followed or loaded by this element. */
export function isDangerousUrl(value: string, tagName = "a"): boolean {
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  if (scriptUrl.test(compact)) return true;
  if (!compact.startsWith("data:")) return false;
  if (!inertDataUrl.test(compact)) return true;
  return compact.startsWith("data:image/svg") && !imageTags.has(tagName);
}

function keepAttribute(tagName: string, name: string, value: unknown): boolean {
  const lowerName = name.toLowerCase();
  if (lowerName.startsWith("on")) return false;
  if (alwaysDroppedAttributes.has(lowerName)) return false;
  if (droppedByTag[tagName]?.has(lowerName)) return false;
  if (typeof value === "string" && (urlAttributes.has(lowerName) || lowerName.endsWith(":href")) && isDangerousUrl(value, tagName)) return false;
  return true;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Node id → lower-case tag name of every element seen, and the ids of text nodes inside a `<script>`. */
interface NodeIndex {
  tags: Map<number, string>;
  scriptTexts: Set<number>;
}

function cleanAttributes(tagName: string, attributes: unknown): Json {
  if (!isObject(attributes)) return {};
  const kept: Json = {};
  for (const [name, value] of Object.entries(attributes)) if (keepAttribute(tagName, name, value)) kept[name] = value;
  return kept;
}

function cleanNode(node: unknown, index: NodeIndex, parentTag: string | null): unknown {
  if (!isObject(node)) return node;
  const copy: Json = { ...node };
  const id = typeof node.id === "number" ? node.id : null;
  if (node.type === elementNodeType) {
    const tagName = typeof node.tagName === "string" ? node.tagName.toLowerCase() : "";
    if (id !== null) index.tags.set(id, tagName);
    copy.attributes = cleanAttributes(tagName, node.attributes);
    if (Array.isArray(node.childNodes)) copy.childNodes = node.childNodes.map((child) => cleanNode(child, index, tagName));
  } else if (node.type === textNodeType) {
    if (parentTag === "script") {
      if (id !== null) index.scriptTexts.add(id);
      copy.textContent = "";
    }
  } else if (Array.isArray(node.childNodes)) {
    copy.childNodes = node.childNodes.map((child) => cleanNode(child, index, null));
  }
  return copy;
}

function cleanMutation(data: Json, index: NodeIndex): Json {
  const copy: Json = { ...data };
  if (Array.isArray(data.adds)) {
    copy.adds = data.adds.map((add) => {
      if (!isObject(add)) return add;
      const parentTag = typeof add.parentId === "number" ? (index.tags.get(add.parentId) ?? null) : null;
      return { ...add, node: cleanNode(add.node, index, parentTag) };
    });
  }
  if (Array.isArray(data.texts)) {
    copy.texts = data.texts.map((text) => (isObject(text) && typeof text.id === "number" && index.scriptTexts.has(text.id) ? { ...text, value: "" } : text));
  }
  if (Array.isArray(data.attributes)) {
    copy.attributes = data.attributes.map((change) => {
      if (!isObject(change) || !isObject(change.attributes)) return change;
      const tagName = typeof change.id === "number" ? (index.tags.get(change.id) ?? "") : "";
      const kept: Json = {};
      for (const [name, value] of Object.entries(change.attributes)) {
        // A removal (null) is always safe to replay.
        if (value === null || keepAttribute(tagName, name, value)) kept[name] = value;
      }
      return { ...change, attributes: kept };
    });
  }
  return copy;
}

/** The events with everything that could run, load a document or navigate removed; other events unchanged. */
export function sanitizeRrwebEvents(events: readonly unknown[]): unknown[] {
  const index: NodeIndex = { tags: new Map(), scriptTexts: new Set() };
  return events.map((event) => {
    if (!isObject(event) || !isObject(event.data)) return event;
    if (event.type === fullSnapshotType) {
      index.tags.clear();
      index.scriptTexts.clear();
      return { ...event, data: { ...event.data, node: cleanNode(event.data.node, index, null) } };
    }
    if (event.type === incrementalSnapshotType && event.data.source === mutationSource) return { ...event, data: cleanMutation(event.data, index) };
    return event;
  });
}
