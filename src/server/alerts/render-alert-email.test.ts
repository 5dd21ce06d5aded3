import { describe, expect, it } from "vitest";
import { exampleAlertMessage, hostileAlertMessage } from "../../../tests/support/alert-message-example";
import { renderAlertEmail } from "./render-alert-email";

const everything = ["TypeError: Cannot read properties of undefined", "app/checkout/page.tsx in submitOrder", "error", "Shop", "production", "shop@2.4.1", "1,234", "56"];

describe("renderAlertEmail", () => {
  it("says what happened, the title, culprit, level, project, environment, release, counts and links, in text and HTML", () => {
    const message = exampleAlertMessage();
    const email = renderAlertEmail(message);
    expect(email.subject).toBe("[Lantern] New issue: TypeError: Cannot read properties of undefined (reading 'total') (Shop)");
    for (const words of [...everything, message.issue.url, message.rule!.url, "https://errors.example.com/settings/account"]) {
      expect(email.text).toContain(words);
      expect(email.html).toContain(words);
    }
    expect(email.text).toContain('The alert rule "Notify on every new issue" fired: New issue.');
    expect(email.text).toContain("Environment: production\nRelease: shop@2.4.1\nEvents: 1,234\nUsers affected: 56");
    expect(email.text).toContain("To turn alert e-mail off, go to Settings → Account: https://errors.example.com/settings/account");
    expect(email.html).toContain(`<a href="${message.issue.url}"`);
  });

  it("takes the opt-out link from LANTERN_URL when given (Lantern under a path)", () => {
    const example = exampleAlertMessage();
    const email = renderAlertEmail(exampleAlertMessage({ issue: { ...example.issue, url: "https://example.com/lantern/projects/shop/issues/42" } }));
    expect(email.text).toContain("https://example.com/lantern/settings/account");
    expect(renderAlertEmail(example, "https://other.example").text).toContain("https://other.example/settings/account");
  });

  it("escapes every value in the HTML part: an event's <script> arrives as text", () => {
    const email = renderAlertEmail(hostileAlertMessage());
    expect(email.html).not.toContain("<script");
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.html).toContain("Shop &lt;b&gt;&amp;&lt;/b&gt;");
    // Only the template's own tags remain.
    const tags = new Set([...email.html.matchAll(/<\/?([a-z0-9!]+)/gi)].map((match) => match[1]!.toLowerCase()));
    expect([...tags].sort()).toEqual(["!doctype", "a", "body", "h1", "head", "html", "meta", "p", "table", "td", "th", "title", "tr"]);
    // The text part is plain text: the title as it was.
    expect(email.text).toContain('<script>alert("x")</script>');
  });

  it("keeps the subject on one line and short", () => {
    const example = exampleAlertMessage();
    const email = renderAlertEmail(exampleAlertMessage({ issue: { ...example.issue, title: `first line\r\nBcc: victim@example.com\n${"x".repeat(5000)}` } }));
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject.length).toBeLessThanOrEqual(200);
  });

  it("words workflow e-mails and tests for what they are", () => {
    const assigned = renderAlertEmail(exampleAlertMessage({ reason: "assigned", headline: "Assigned to you", rule: null, actor: "ana@example.com" }));
    expect(assigned.subject).toBe("[Lantern] Assigned to you: TypeError: Cannot read properties of undefined (reading 'total') (Shop)");
    expect(assigned.text).toContain("ana@example.com assigned this issue to you.");
    expect(assigned.text).toContain("You get this e-mail because the issue is assigned to you.");
    expect(assigned.text).toContain("To stop e-mails about issues assigned to you, go to Settings → Account: https://errors.example.com/settings/account");
    expect(assigned.text).not.toContain("alert rule");

    const comment = renderAlertEmail(exampleAlertMessage({ reason: "comment", headline: "New comment", rule: null, actor: "ana@example.com", comment: "Found it:\n<b>the cart</b> is empty" }));
    expect(comment.text).toContain("ana@example.com commented on an issue assigned to you.");
    expect(comment.text).toContain("ana@example.com wrote:\n> Found it:\n> <b>the cart</b> is empty");
    expect(comment.html).toContain("&lt;b&gt;the cart&lt;/b&gt; is empty");

    const regressed = renderAlertEmail(exampleAlertMessage({ reason: "assigned_regressed", headline: "Regressed", rule: null }));
    expect(regressed.text).toContain("An issue assigned to you regressed");

    const test = renderAlertEmail(exampleAlertMessage({ reason: "test", headline: "Test notification" }));
    expect(test.text).toContain('This is a test notification for the alert rule "Notify on every new issue". The issue below is made up; nothing happened in Shop.');
    for (const words of everything) expect(test.text).toContain(words);
  });
});
