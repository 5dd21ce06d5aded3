import { describe, expect, it } from "vitest";
import { describeFailingCount, failingDeliveriesOf, sendsEmail, type DeliveryOutcomeRow } from "./delivery-health";
import { actionIds } from "./alert-rule-ids";

const row = (status: string, createdAt: number, extra: Partial<DeliveryOutcomeRow> = {}): DeliveryOutcomeRow => ({
  status,
  attempts: status === "pending" ? 0 : 1,
  createdAt,
  responseCode: status === "sent" ? 200 : 500,
  lastError: status === "sent" ? null : `HTTP 500 at ${createdAt}`,
  ...extra,
});

describe("failingDeliveriesOf", () => {
  it("counts the failures since the newest success, newest error first, oldest time as since", () => {
    const rows = [row("failed", 40), row("pending", 30, { attempts: 2 }), row("failed", 20), row("sent", 10), row("failed", 5)];
    expect(failingDeliveriesOf(rows, false)).toEqual({ count: 3, retrying: 1, isAtLeast: false, since: 20, lastError: "HTTP 500 at 40", lastResponseCode: 500 });
  });

  it("is null when the newest attempted delivery was sent, and skips deliveries not tried yet", () => {
    expect(failingDeliveriesOf([row("pending", 50), row("sent", 40), row("failed", 30)], false)).toBeNull();
    expect(failingDeliveriesOf([], true)).toBeNull();
    expect(failingDeliveriesOf([row("pending", 50)], true)).toBeNull();
  });

  it("says 'at least' when the bounded read ended inside the failing run, not when a success ended it", () => {
    const failing = failingDeliveriesOf([row("failed", 2), row("failed", 1)], true)!;
    expect(failing.isAtLeast).toBe(true);
    expect(describeFailingCount(failing)).toBe("2+ deliveries");
    expect(failingDeliveriesOf([row("failed", 2), row("sent", 1)], true)!.isAtLeast).toBe(false);
    expect(describeFailingCount(failingDeliveriesOf([row("failed", 2)], false)!)).toBe("1 delivery");
  });
});

describe("sendsEmail", () => {
  it("finds Sentry's e-mail action among a rule's actions, whatever else is there", () => {
    expect(sendsEmail([{ id: actionIds.service, service: "ops" }, { id: actionIds.email, targetType: "IssueOwners" }])).toBe(true);
    expect(sendsEmail([{ id: actionIds.service, service: "ops" }, null, "x"])).toBe(false);
  });
});
