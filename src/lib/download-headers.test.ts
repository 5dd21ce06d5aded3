import { describe, expect, it } from "vitest";
import { contentDisposition, downloadContentType, downloadHeaders } from "./download-headers";

describe("download headers for event data", () => {
  it("serves only inert image and text types as themselves, and everything else as bytes", () => {
    expect(downloadContentType("image/png")).toBe("image/png");
    expect(downloadContentType("Text/Plain; charset=latin1")).toBe("text/plain; charset=utf-8");
    expect(downloadContentType("application/json")).toBe("application/json; charset=utf-8");
    for (const dangerous of ["text/html", "image/svg+xml", "application/javascript", "text/xml", "application/xhtml+xml", null, ""]) {
      expect(downloadContentType(dangerous)).toBe("application/octet-stream");
    }
  });

  it("always asks for a download, with a harmless ASCII name and the full name encoded", () => {
    expect(contentDisposition("notes.txt")).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);
    expect(contentDisposition('../evil"\r\nSet-Cookie: x.html')).toBe(`attachment; filename=".._evil___Set-Cookie: x.html"; filename*=UTF-8''.._evil%22__Set-Cookie%3A%20x.html`);
    expect(contentDisposition("résumé (1).pdf")).toBe(`attachment; filename="r_sum_ (1).pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%281%29.pdf`);
    expect(contentDisposition("")).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
    expect(downloadHeaders("a.html", "text/html", 5)).toMatchObject({ "Content-Type": "application/octet-stream", "X-Content-Type-Options": "nosniff", "Content-Length": "5" });
  });
});
