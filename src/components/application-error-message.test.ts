import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApplicationErrorMessage } from "./application-error-message";
import { SignedInProvider } from "./shell/signed-in-context";

const serverText = "Application error: a server-side exception has occurred (see the server logs for more information).";
const clientText = "Application error: a client-side exception has occurred (see the browser console for more information).";

function render(props: { isServerSide: boolean; digest?: string }, isSignedIn: boolean | null): string {
  const message = createElement(ApplicationErrorMessage, props);
  return renderToStaticMarkup(isSignedIn === null ? message : createElement(SignedInProvider, { isSignedIn } as Parameters<typeof SignedInProvider>[0], message));
}

describe("ApplicationErrorMessage", () => {
  it("keeps the specification's server-side text and digest line, and tells someone signed in that Find by digest opens the event", () => {
    const html = render({ isServerSide: true, digest: "2654435761" }, true);
    expect(html).toContain(`<h1 class="text-lg font-semibold">${serverText}</h1>`);
    expect(html).toContain(">Digest: 2654435761</p>");
    expect(html).toContain("<strong>Find by digest</strong>");
    expect(html).toMatch(/<a [^>]*href="\/digest\?value=2654435761"[^>]*>look it up now<\/a>/);
  });

  it("says nothing of Find by digest to an anonymous visitor, outside the shell, or without a digest", () => {
    for (const html of [render({ isServerSide: true, digest: "2654435761" }, false), render({ isServerSide: true, digest: "2654435761" }, null)]) {
      expect(html).toContain(">Digest: 2654435761</p>");
      expect(html).not.toContain("Find by digest");
    }
    const client = render({ isServerSide: false }, true);
    expect(client).toContain(clientText);
    expect(client).not.toContain("Digest");
  });
});
