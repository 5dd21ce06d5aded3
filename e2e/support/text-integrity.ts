import type { Page } from "@playwright/test";

/**
 * What a reader of a page can lose: a word, number or identifier broken across two lines, text cut off
 * with nothing to reveal it, code whose end is hidden in a box that gives no sign it scrolls, a page wider
 * than the screen. `findTextProblems` lists each, readably, for the long-text suite to fail on.
 */
export interface TextProblems {
  /** Tokens (split on whitespace and `/ . @ _ - :`) whose characters sit on two lines. */
  brokenTokens: string[];
  /** Elements whose text is cut off (overflow hidden) without an ellipsis and its whole value on offer. */
  clippedTexts: string[];
  /** Boxes that scroll sideways to show more (code, tables, tabs) without a visible hint or keyboard access. */
  hiddenScrolls: string[];
  /** The document's width when wider than the viewport, with what sticks out. */
  pageOverflow: string | null;
}

/**
 * Runs inside the page. Visually hidden text (sr-only: 1 px boxes) and closed popups are skipped: they are
 * not on screen. A scroll box counts as hinted when a keyboard reaches it (it or what it holds is focusable)
 * and it draws the `scroll-hint-x` edge shadows (a gradient background, attached locally so it shows only
 * where more is).
 * Cut-off text counts as offered whole when it ends in an ellipsis and sits in a tooltip trigger
 * (`data-whole-value`), whose tooltip and accessible text hold the whole value.
 */
export async function findTextProblems(page: Page): Promise<TextProblems> {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const className = typeof element.className === "string" ? element.className.slice(0, 80) : "";
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 70);
      return `<${element.tagName.toLowerCase()} class="${className}"> "${text}"`;
    };
    const isShown = (element: Element): boolean => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === "none" || style.visibility === "hidden") return false;
        const rect = node.getBoundingClientRect();
        // sr-only: a 1 px box clipped to nothing.
        if ((rect.width <= 1 || rect.height <= 1) && style.overflow !== "visible") return false;
      }
      return true;
    };
    const lineCount = (rects: DOMRectList) => new Set(Array.from(rects, (rect) => rect.width > 0 ? Math.round(rect.top + rect.height / 2) : null).filter((top) => top !== null)).size;

    const brokenTokens: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const shownCache = new Map<Element, boolean>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "TEXTAREA", "OPTION"].includes(parent.tagName)) continue;
      const text = node.textContent ?? "";
      if (!/[^\s/.@_\-:]{2,}/.test(text)) continue;
      if (!shownCache.has(parent)) shownCache.set(parent, isShown(parent));
      if (!shownCache.get(parent)) continue;
      for (const match of text.matchAll(/[^\s/.@_\-:]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (lineCount(range.getClientRects()) > 1) {
          const at = Math.max(0, match.index - 20);
          brokenTokens.push(`"${match[0].slice(0, 40)}" in "…${text.slice(at, match.index + match[0].length + 20).replace(/\s+/g, " ")}…" (${describe(parent)})`);
        }
      }
    }

    const clippedTexts: string[] = [];
    const hiddenScrolls: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      if (["svg", "path", "input", "textarea", "select", "img", "button"].includes(element.tagName.toLowerCase())) continue;
      if (!(element instanceof HTMLElement) || !(element.textContent ?? "").trim()) continue;
      const style = getComputedStyle(element);
      const isWider = element.scrollWidth > element.clientWidth + 1;
      const isTaller = element.scrollHeight > element.clientHeight + 1;
      if (!isWider && !isTaller) continue;
      if (!isShown(element)) continue;
      const scrollsX = style.overflowX === "auto" || style.overflowX === "scroll";
      const clipsX = style.overflowX === "hidden" || style.overflowX === "clip";
      const clipsY = style.overflowY === "hidden" || style.overflowY === "clip";
      if (isWider && scrollsX) {
        // Focusable itself, or holding links or buttons a keyboard moves through (a row of tabs).
        const isFocusable = element.matches("[tabindex]") || element.querySelector("a[href], button, [tabindex]") !== null;
        const hasHint = style.backgroundImage.includes("gradient") && style.backgroundAttachment.includes("local");
        if (!isFocusable || !hasHint) hiddenScrolls.push(`${describe(element)}: ${element.scrollWidth} px of content in ${element.clientWidth} px${isFocusable ? "" : ", not focusable"}${hasHint ? "" : ", no visible scroll hint"}`);
      }
      const isOfferedWhole = element.closest("[data-whole-value]") !== null || element.querySelector("[data-whole-value]") !== null;
      if (isWider && clipsX && !(style.textOverflow === "ellipsis" && isOfferedWhole)) {
        clippedTexts.push(`${describe(element)}: ${element.scrollWidth} px of text cut to ${element.clientWidth} px${style.textOverflow === "ellipsis" ? " (ellipsis, but the whole value is nowhere)" : " without an ellipsis"}`);
      }
      const isClamped = style.getPropertyValue("-webkit-line-clamp") !== "none" && style.getPropertyValue("-webkit-line-clamp") !== "";
      if (isTaller && clipsY && !clipsX && !(isClamped && isOfferedWhole) && element.scrollHeight - element.clientHeight > 4) {
        clippedTexts.push(`${describe(element)}: ${element.scrollHeight} px of text cut to ${element.clientHeight} px high${isClamped ? " (clamped, but the whole value is nowhere)" : ""}`);
      }
    }

    const { scrollWidth, clientWidth } = document.documentElement;
    let pageOverflow: string | null = null;
    if (scrollWidth > clientWidth) {
      const isPast = (element: Element) => element.getBoundingClientRect().right > clientWidth + 0.5;
      const culprits = Array.from(document.body.querySelectorAll("*"))
        .filter((element) => isPast(element) && !(element.parentElement && isPast(element.parentElement)))
        .slice(0, 3)
        .map(describe);
      pageOverflow = `${scrollWidth} px wide in a ${clientWidth} px viewport; past the edge: ${culprits.join("; ")}`;
    }
    return { brokenTokens: brokenTokens.slice(0, 15), clippedTexts: clippedTexts.slice(0, 15), hiddenScrolls: hiddenScrolls.slice(0, 15), pageOverflow };
  });
}
