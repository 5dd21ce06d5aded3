import { describe, expect, it } from "vitest";
import { applySearchCompletion, editableSearchText, searchTermAtCursor } from "./search-autocomplete";

describe("the search term under the cursor", () => {
  it("reads a key being typed, with or without negation", () => {
    expect(searchTermAtCursor("is:unresolved bro", 17)).toEqual({ kind: "key", start: 14, end: 17, negated: false, prefix: "bro" });
    expect(searchTermAtCursor("!lev", 4)).toEqual({ kind: "key", start: 0, end: 4, negated: true, prefix: "lev" });
  });

  it("reads a value being typed, up to the cursor, unquoting it", () => {
    expect(searchTermAtCursor("browser.name:Ch level:error", 15)).toEqual({ kind: "value", start: 0, end: 15, negated: false, key: "browser.name", prefix: "Ch" });
    expect(searchTermAtCursor('browser.name:"Mobile Sa', 23)).toEqual({ kind: "value", start: 0, end: 23, negated: false, key: "browser.name", prefix: "Mobile Sa" });
    expect(searchTermAtCursor("!user.email:bo", 14)).toMatchObject({ kind: "value", negated: true, key: "user.email", prefix: "bo" });
  });

  it("offers keys between terms and at the end after a space, and nothing inside a quoted phrase", () => {
    expect(searchTermAtCursor("is:unresolved ", 14)).toEqual({ kind: "key", start: 14, end: 14, negated: false, prefix: "" });
    expect(searchTermAtCursor("a  b", 2)).toEqual({ kind: "key", start: 2, end: 2, negated: false, prefix: "" });
    expect(searchTermAtCursor('"checkout fail', 10)).toMatchObject({ kind: "none" });
    expect(searchTermAtCursor("", 0)).toEqual({ kind: "key", start: 0, end: 0, negated: false, prefix: "" });
  });

  it("treats a cursor beyond the text as its end", () => {
    expect(searchTermAtCursor("lev", 99)).toMatchObject({ kind: "key", prefix: "lev", start: 0, end: 3 });
  });
});

describe("accepting a suggestion", () => {
  it("puts a key in place of the term and leaves the cursor after its colon", () => {
    const text = "is:unresolved bro level:error";
    const term = searchTermAtCursor(text, 17);
    expect(applySearchCompletion(text, term, { kind: "key", key: "browser.name" })).toEqual({ text: "is:unresolved browser.name: level:error", cursor: 27 });
  });

  it("puts a whole filter in place of the term, quoting values with spaces, and moves past one space", () => {
    const text = "browser.name:Ch";
    expect(applySearchCompletion(text, searchTermAtCursor(text, 15), { kind: "value", key: "browser.name", value: "Chrome" })).toEqual({ text: "browser.name:Chrome ", cursor: 20 });
    const spaced = "!browser.name:Mo is:unresolved";
    expect(applySearchCompletion(spaced, searchTermAtCursor(spaced, 16), { kind: "value", key: "browser.name", value: "Mobile Safari" })).toEqual({
      text: '!browser.name:"Mobile Safari" is:unresolved',
      cursor: 30,
    });
  });
});

describe("the text the search box starts with", () => {
  it("ends a query with one space, so typing at its end starts a new term", () => {
    expect(editableSearchText("is:unresolved")).toBe("is:unresolved ");
    expect(editableSearchText("is:unresolved level:error ")).toBe("is:unresolved level:error ");
    expect(editableSearchText("")).toBe("");
    const text = editableSearchText("is:unresolved");
    expect(text + "level:error").toBe("is:unresolved level:error");
  });

  it("takes suggestions accepted at its end as terms of their own", () => {
    const text = editableSearchText("is:unresolved");
    const afterKey = applySearchCompletion(text, searchTermAtCursor(text, text.length), { kind: "key", key: "level" });
    expect(afterKey).toEqual({ text: "is:unresolved level:", cursor: 20 });
    const afterValue = applySearchCompletion(afterKey.text, searchTermAtCursor(afterKey.text, afterKey.cursor), { kind: "value", key: "level", value: "error" });
    expect(afterValue).toEqual({ text: "is:unresolved level:error ", cursor: 26 });
  });
});
