import { describe, expect, it } from "vitest";
import { exampleAlertMessage, hostileTitle } from "../../../tests/support/alert-message-example";
import { formatWebhook } from "./format-webhook";

describe("formatWebhook", () => {
  it("is the documented body: delivery id, action, headline, issue, project, environment, release, event, rule, actor, comment, ISO times, logs and feedback null on issue alerts", () => {
    expect(formatWebhook(exampleAlertMessage(), "d-0001")).toEqual({
      id: "d-0001",
      action: "new",
      headline: "New issue",
      issue: {
        id: 42,
        title: "TypeError: Cannot read properties of undefined (reading 'total')",
        culprit: "app/checkout/page.tsx in submitOrder",
        level: "error",
        status: "unresolved",
        url: "https://errors.example.com/projects/shop/issues/42",
        firstSeen: "2026-11-25T10:00:00.000Z",
        lastSeen: "2026-11-25T10:05:00.000Z",
        count: 1234,
        userCount: 56,
      },
      project: { id: 7, slug: "shop", name: "Shop" },
      environment: "production",
      release: "shop@2.4.1",
      eventId: "0123456789abcdef0123456789abcdef",
      rule: { id: 3, name: "Notify on every new issue", url: "https://errors.example.com/projects/shop/alerts/3" },
      actor: null,
      comment: null,
      createdAt: "2026-11-25T10:05:01.000Z",
      logs: null,
      feedback: null,
    });
  });

  it("keeps absent values as null and event text exactly as sent (it is JSON, the receiver escapes)", () => {
    const example = exampleAlertMessage();
    const body = formatWebhook(exampleAlertMessage({ reason: "comment", environment: null, release: null, eventId: null, rule: null, actor: "ana@example.com", comment: "on it", issue: { ...example.issue, title: hostileTitle } }), "d-2");
    expect(body).toMatchObject({ action: "comment", environment: null, release: null, eventId: null, rule: null, actor: "ana@example.com", comment: "on it" });
    expect(JSON.parse(JSON.stringify(body)).issue.title).toBe(hostileTitle);
  });
});
