import { describe, expect, it } from "vitest";
import { searchFilter } from "./search-filter";

describe("searchFilter", () => {
  it("leaves a plain value bare and quotes one the tokenizer would split or misread", () => {
    expect(searchFilter("release", "2.0")).toBe("release:2.0");
    expect(searchFilter("browser", "Safari 17")).toBe('browser:"Safari 17"');
    expect(searchFilter("message", 'say "hi" \\ bye')).toBe('message:"say \\"hi\\" \\\\ bye"');
    expect(searchFilter("plan", "")).toBe('plan:""');
  });
});
