import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DiskBudgetStatus } from "@/lib/views/storage";
import { DiskBudgetBanner } from "./disk-budget-banner";
import { StorageReportView } from "./storage-report-view";

const GB = 1024 ** 3;
const now = Date.UTC(2026, 10, 25, 14, 30);
const render = (status: DiskBudgetStatus | null, canSeeStorage = false) => renderToStaticMarkup(createElement(DiskBudgetBanner, { status, canSeeStorage }));

describe("DiskBudgetBanner", () => {
  it("says the database is over its budget and what housekeeping does about it, with the storage link for admins only", () => {
    const status = { budgetBytes: 20 * GB, bytes: 21 * GB, isOverBudget: true, lastPrune: null, prunedRecently: false };
    const html = render(status, true);
    expect(html).toContain('role="status"');
    expect(html).toContain("The database holds 21GB, over its disk budget of 20GB (LANTERN_DISK_BUDGET)");
    expect(html).toContain("until it is under 18GB");
    expect(html).toContain('href="/settings/storage"');
    expect(render(status, false)).not.toContain("/settings/storage");
  });

  it("says what was pruned for the budget while that is recent, and nothing otherwise", () => {
    const lastPrune = { at: now - 20 * 60_000, budgetBytes: 20 * GB, bytesBefore: 21 * GB, bytesAfter: 17 * GB, deleted: 12_345 };
    const underBudget = { budgetBytes: 20 * GB, bytes: 17 * GB, isOverBudget: false, lastPrune, prunedRecently: true };
    expect(render(underBudget)).toContain("housekeeping deleted the 12,345 oldest events at 14:10 UTC");
    expect(render({ ...underBudget, prunedRecently: false })).toBe("");
    expect(render({ ...underBudget, lastPrune: null })).toBe("");
    expect(render(null)).toBe("");
  });
});

describe("StorageReportView", () => {
  it("lists tables and projects with their sizes, and says PostgreSQL's disk is not probed", () => {
    const report = {
      totalBytes: 3 * GB,
      tables: [
        { table: "events", bytes: 2 * GB },
        { table: "intake_bodies", bytes: GB },
        { table: "empty", bytes: 0 },
      ],
      projects: [{ projectId: 1, name: "<shop>", events: 1_000_000, bytes: 2 * GB }],
      budget: null,
      minFreeDiskBytes: GB,
      measuredAt: now,
    };
    // The text as read: identifiers carry <wbr> line-break hints (IdentifierText).
    const sqlite = renderToStaticMarkup(createElement(StorageReportView, { report, dialect: "sqlite" })).replaceAll("<wbr/>", "");
    expect(sqlite).toMatch(/<span class="font-mono wrap-break-word">events<\/span><\/th><td[^>]*>2 GB<\/td>/);
    expect(sqlite).toContain("intake_bodies");
    expect(sqlite).not.toContain(">empty<");
    expect(sqlite).toContain("&lt;shop&gt;");
    expect(sqlite).toContain("1,000,000 events");
    expect(sqlite).toContain(">none<");
    expect(sqlite).toContain(">1 GB<");
    const postgres = renderToStaticMarkup(createElement(StorageReportView, { report, dialect: "postgres" })).replaceAll("<wbr/>", "");
    expect(postgres).toContain("not checked: PostgreSQL&#x27;s disk is its server&#x27;s");
  });
});
