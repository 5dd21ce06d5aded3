import type { Locator, Page } from "@playwright/test";

/** The issue list's table. */
export const issueTable = (page: Page): Locator => page.getByRole("table", { name: "Issues" });

/** The list's issue rows: those with their own "Select …" checkbox, not the header's "Select all". */
export const issueRows = (page: Page): Locator => issueTable(page).getByRole("row").filter({ has: page.getByRole("checkbox", { name: /^Select (?!all)/ }) });
