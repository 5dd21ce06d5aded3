import type { AlertMessage } from "@/server/alerts/alert-message";

/** What a hostile SDK can put in an event's title: HTML, a Slack broadcast, a Discord ping, Markdown links. */
export const hostileTitle = `TypeError: <script>alert("x")</script> @everyone <!channel> <@U123> [click](https://evil.example/) *bold* & _it_`;

/** An alert message as digest would decide it, with `overrides` on top. */
export function exampleAlertMessage(overrides: Partial<AlertMessage> = {}): AlertMessage {
  return {
    reason: "new",
    headline: "New issue",
    issue: {
      id: 42,
      title: "TypeError: Cannot read properties of undefined (reading 'total')",
      culprit: "app/checkout/page.tsx in submitOrder",
      level: "error",
      status: "unresolved",
      url: "https://errors.example.com/projects/shop/issues/42",
      firstSeen: Date.parse("2026-11-25T10:00:00Z"),
      lastSeen: Date.parse("2026-11-25T10:05:00Z"),
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
    createdAt: Date.parse("2026-11-25T10:05:01Z"),
    ...overrides,
  };
}

/** The example with a hostile title, culprit, environment, release and names everywhere text can go. */
export function hostileAlertMessage(): AlertMessage {
  const example = exampleAlertMessage();
  return exampleAlertMessage({
    issue: { ...example.issue, title: hostileTitle, culprit: `<img src=x onerror=alert(1)> @here` },
    project: { ...example.project, name: `Shop <b>&</b> @everyone` },
    environment: `<!here>`,
    release: `1.0 [x](https://evil.example/)`,
    rule: { ...example.rule!, name: `<!channel> rule` },
  });
}
