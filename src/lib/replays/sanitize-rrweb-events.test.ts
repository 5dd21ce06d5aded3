import { describe, expect, it } from "vitest";
import { isDangerousUrl, sanitizeRrwebEvents } from "./sanitize-rrweb-events";

const element = (id: number, tagName: string, attributes: Record<string, unknown>, childNodes: unknown[] = []) => ({ type: 2, id, tagName, attributes, childNodes });
const text = (id: number, textContent: string) => ({ type: 3, id, textContent });

function fullSnapshot(...body: unknown[]) {
  return { type: 2, timestamp: 1, data: { node: { type: 0, id: 1, childNodes: [element(2, "html", {}, [element(3, "head", {}), element(4, "body", {}, body)])] }, initialOffset: { top: 0, left: 0 } } };
}

/** The body's children of the sanitized full snapshot. */
function bodyOf(event: unknown): { tagName: string; attributes: Record<string, unknown>; childNodes: { textContent?: string }[] }[] {
  const document = (event as { data: { node: { childNodes: { childNodes: { childNodes: unknown[] }[] }[] } } }).data.node;
  return document.childNodes[0]!.childNodes[1]!.childNodes as never;
}

describe("sanitizeRrwebEvents", () => {
  it("removes handlers, script URLs, srcdoc, form actions, meta refresh, base href and script text from a full snapshot", () => {
    const [event] = sanitizeRrwebEvents([
      fullSnapshot(
        element(10, "img", { src: "x", onerror: "window.__xss=1", ONLOAD: "x()", alt: "kept" }),
        element(11, "a", { href: " java\tscript:alert(1)", title: "kept" }),
        element(12, "iframe", { srcdoc: "<script>alert(1)</script>", src: "data:text/html,<script>alert(1)</script>" }),
        element(13, "form", { action: "https://evil.example/", method: "post" }, [element(14, "button", { formaction: "javascript:alert(1)" })]),
        element(15, "meta", { "http-equiv": "refresh", content: "0;url=javascript:alert(1)" }),
        element(16, "base", { href: "https://evil.example/" }),
        element(17, "script", { src: "https://evil.example/x.js" }, [text(18, "window.__xss = 1")]),
        element(19, "svg", { onload: "alert(1)" }, [element(20, "a", { "xlink:href": "javascript:alert(1)" })]),
        element(21, "a", { href: "VBScript:msgbox(1)" }),
        element(22, "img", { src: "data:image/png;base64,AAAA" }),
        element(23, "a", { href: "https://example.com/ok" }),
      ),
    ]);
    const body = bodyOf(event);
    expect(body[0]!.attributes).toEqual({ src: "x", alt: "kept" });
    expect(body[1]!.attributes).toEqual({ title: "kept" });
    expect(body[2]!.attributes).toEqual({});
    expect(body[3]!.attributes).toEqual({ method: "post" });
    expect((body[3]!.childNodes[0] as { attributes: unknown }).attributes).toEqual({});
    expect(body[4]!.attributes).toEqual({ content: "0;url=javascript:alert(1)" });
    expect(body[5]!.attributes).toEqual({});
    expect(body[6]!.attributes).toEqual({});
    expect(body[6]!.childNodes[0]!.textContent).toBe("");
    expect(body[7]!.attributes).toEqual({});
    expect((body[7]!.childNodes[0] as { attributes: unknown }).attributes).toEqual({});
    expect(body[8]!.attributes).toEqual({});
    expect(body[9]!.attributes).toEqual({ src: "data:image/png;base64,AAAA" });
    expect(body[10]!.attributes).toEqual({ href: "https://example.com/ok" });
  });

  it("cleans mutations: added nodes, attribute changes on known elements, and text changes inside a recorded script", () => {
    const events = sanitizeRrwebEvents([
      fullSnapshot(element(30, "form", {}), element(31, "script", {}, [text(32, "")])),
      {
        type: 3,
        timestamp: 2,
        data: {
          source: 0,
          adds: [
            { parentId: 4, nextId: null, node: element(40, "img", { src: "y", onerror: "alert(1)" }) },
            { parentId: 31, nextId: null, node: text(41, "alert(2)") },
          ],
          removes: [],
          texts: [
            { id: 32, value: "window.__xss = 1" },
            { id: 99, value: "plain text stays" },
          ],
          attributes: [
            { id: 30, attributes: { action: "javascript:alert(1)", class: "pay" } },
            { id: 40, attributes: { onclick: "alert(1)", href: "javascript:void(0)", alt: null } },
          ],
        },
      },
    ]);
    const mutation = (events[1] as { data: { adds: { node: { attributes?: unknown; textContent?: string } }[]; texts: unknown[]; attributes: unknown[] } }).data;
    expect(mutation.adds[0]!.node.attributes).toEqual({ src: "y" });
    expect(mutation.adds[1]!.node.textContent).toBe("");
    expect(mutation.texts).toEqual([
      { id: 32, value: "" },
      { id: 99, value: "plain text stays" },
    ]);
    expect(mutation.attributes).toEqual([
      { id: 30, attributes: { class: "pay" } },
      { id: 40, attributes: { alt: null } },
    ]);
  });

  it("leaves other events and malformed input as they are", () => {
    const events = [{ type: 4, timestamp: 0, data: { href: "https://a.example/", width: 1, height: 1 } }, null, "x", { type: 3, timestamp: 1, data: { source: 1, positions: [] } }];
    expect(sanitizeRrwebEvents(events)).toEqual(events);
  });
});

describe("isDangerousUrl", () => {
  it("flags script schemes and document data: URLs, keeps images and ordinary links", () => {
    expect(isDangerousUrl("javascript:alert(1)")).toBe(true);
    expect(isDangerousUrl("\u0001JaVaScRiPt:alert(1)")).toBe(true);
    expect(isDangerousUrl("data:text/html;base64,PHNjcmlwdD4=")).toBe(true);
    expect(isDangerousUrl("data:image/svg+xml,<svg onload=alert(1)>", "iframe")).toBe(true);
    expect(isDangerousUrl("data:image/svg+xml,<svg/>", "img")).toBe(false);
    expect(isDangerousUrl("data:image/gif;base64,R0lGOD")).toBe(false);
    expect(isDangerousUrl("https://example.com/javascript:x")).toBe(false);
    expect(isDangerousUrl("/relative")).toBe(false);
  });
});
