import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { startBrowserSdkPage, type BrowserSdkPage } from "./support/browser-sdk-page";
import { e2eBaseUrl, e2eOwner } from "./support/server";

/**
 * The whole loop a new user goes through, in the dashboard only: create a project, copy its DSN from the
 * setup page, paste it into a shop page on another origin that runs the real @sentry/browser, watch the
 * errors arrive in the project's issue list without reloading, read the issue (stack trace with source
 * context, breadcrumbs, tags, user), resolve it with `r`, and see it come back as regressed.
 */

/**
 * The shop's script: the real @sentry/browser with its default integrations plus context lines (which
 * read the page's own inline scripts), set up from window.lanternTestConfig with a user and tags.
 * "Add to cart" logs to the console (a breadcrumb); "Check out" throws, from a timer, inside the page's
 * inline `applyDiscount`; "Pay" rejects a promise. Each delivery the SDK makes is listed on the page.
 */
const entrySource = `
import * as Sentry from "@sentry/browser";

const config = window.lanternTestConfig;
Sentry.init({ dsn: config.dsn, release: config.release, environment: "production", integrations: [Sentry.contextLinesIntegration()] });
Sentry.setUser(config.user);
Sentry.setTags(config.tags);

const status = document.getElementById("status");
const deliveries = document.getElementById("deliveries");
Sentry.getClient().on("afterSendEvent", (event, response) => {
  const item = document.createElement("li");
  const exception = event.exception && event.exception.values && event.exception.values[0];
  item.textContent = (exception ? exception.type : "event") + " answered " + (response && response.statusCode ? response.statusCode : "nothing");
  deliveries.append(item);
});

let attempt = 0;
document.getElementById("add").addEventListener("click", () => {
  console.log(config.logMessage);
  status.textContent = "Added";
});
document.getElementById("checkout").addEventListener("click", () => {
  attempt += 1;
  setTimeout(() => window.applyDiscount({ id: config.cartId, code: "SPRING", attempt }), 0);
});
document.getElementById("pay").addEventListener("click", () => {
  setTimeout(() => Promise.reject(new RangeError(config.declinedMessage)), 0);
});
status.textContent = "SDK ready";
`;

/** The inline script comes first in the body, so the lines the SDK reads from the document stay where they were served. */
const bodyHtml = `
    <script>
      function applyDiscount(cart) {
        var rule = { code: cart.code, minimum: 50 };
        throw new TypeError("Discount " + rule.code + " cannot be applied to cart " + cart.id + " (attempt " + cart.attempt + ")");
      }
    </script>
    <main>
      <h1>Shop</h1>
      <button type="button" id="add">Add to cart</button>
      <button type="button" id="checkout">Check out</button>
      <button type="button" id="pay">Pay</button>
      <p role="status" id="status">Loading</p>
      <h2 id="deliveries-heading">Deliveries</h2>
      <ul id="deliveries" aria-labelledby="deliveries-heading"></ul>
    </main>`;

/** Waits until the shop's SDK has delivered `count` events of `type`, each answered 200 by Lantern. */
async function expectDelivered(shop: Page, type: string, count: number): Promise<void> {
  await expect(shop.getByRole("list", { name: "Deliveries" }).getByText(`${type} answered 200`, { exact: true })).toHaveCount(count, { timeout: 15_000 });
}

test("a new user creates a project, sends browser errors with the copied DSN, watches them arrive live, reads the issue, resolves it with r and sees it regress", async ({ page, browser, context }) => {
  test.setTimeout(180_000);
  const runId = randomUUID().slice(0, 8);
  const name = `Checkout web ${runId}`;
  const checkoutTitle = new RegExp(`^TypeError: Discount SPRING cannot be applied to cart cart-${runId} \\(attempt \\d\\)$`);
  const declinedTitle = `RangeError: The payment of cart-${runId} was declined`;

  // 1. Create the project in the dashboard.
  await page.goto("/projects");
  await page.getByRole("main").getByRole("link", { name: "Create project" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Platform").selectOption({ label: "Browser JavaScript" });
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const slug = new URL(page.url()).pathname.split("/")[2]!;
  expect(slug).toBe(`checkout-web-${runId}`);

  // 2. Copy the DSN from the setup page, as a user would, through the clipboard.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2eBaseUrl });
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Setup" }).click();
  await expect(page).toHaveURL(`/projects/${slug}/setup`);
  const copyDsn = page.getByRole("button", { name: "Copy DSN" });
  await copyDsn.click();
  await expect(copyDsn).toHaveText("Copied");
  const dsn = await page.evaluate(() => navigator.clipboard.readText());
  expect(dsn).toMatch(new RegExp(`^${e2eBaseUrl.replace("//", `//[0-9a-f]{32}@`).replace(/[.]/g, "\\.")}/\\d+$`));

  // 3. The shop, on its own origin and in its own browser window, uses that DSN.
  const shopContext = await browser.newContext();
  let sdkPage: BrowserSdkPage | undefined;
  try {
    sdkPage = await startBrowserSdkPage({
      entrySource,
      bodyHtml,
      title: "Shop",
      config: {
        dsn,
        release: `shop@3.1.0+${runId}`,
        cartId: `cart-${runId}`,
        user: { id: `user-${runId}`, username: "grace", email: `grace.${runId}@example.com` },
        tags: { "checkout.step": "discount", plan: "pro" },
        logMessage: `cart ${runId} has 3 items`,
        declinedMessage: `The payment of cart-${runId} was declined`,
      },
    });
    const shop = await shopContext.newPage();
    await shop.goto(sdkPage.url);
    await expect(shop.getByRole("status")).toHaveText("SDK ready");

    // 4. The project's issue list is open before anything is sent; the first issue appears on its own.
    await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Issues" }).click();
    await expect(page).toHaveURL(`/projects/${slug}/issues`);
    await expect(page.getByRole("heading", { name: "No issues match" })).toBeVisible();
    const issues = page.getByRole("table", { name: "Issues" });
    const checkoutRow = issues.getByRole("row").filter({ has: page.getByRole("link", { name: checkoutTitle }) });
    const declinedRow = issues.getByRole("row").filter({ has: page.getByRole("link", { name: declinedTitle }) });

    await shop.getByRole("button", { name: "Add to cart" }).click();
    await expect(shop.getByRole("status")).toHaveText("Added");
    await shop.getByRole("button", { name: "Check out" }).click();
    await expectDelivered(shop, "TypeError", 1);
    await expect(checkoutRow).toHaveCount(1, { timeout: 30_000 });
    await expect(checkoutRow.getByText("New", { exact: true })).toBeVisible();

    // 5. A second error while the list shows the first: the list offers it instead of moving rows.
    await shop.getByRole("button", { name: "Pay" }).click();
    await expectDelivered(shop, "RangeError", 1);
    const show = page.getByRole("status").getByRole("button", { name: /^1 new or updated — Show$/ });
    await expect(show).toBeVisible({ timeout: 30_000 });
    await expect(declinedRow).toHaveCount(0);
    await show.click();
    await expect(declinedRow).toHaveCount(1);
    await expect(checkoutRow).toHaveCount(1);

    // 6. The issue page: stack trace with the page's own source around the throw, breadcrumbs, tags, user.
    await checkoutRow.getByRole("link", { name: checkoutTitle }).click();
    await expect(page.getByRole("heading", { level: 1, name: checkoutTitle })).toBeVisible();
    const event = page.getByRole("region", { name: "Latest event" });
    const exception = event.getByRole("region", { name: "Exception" });
    const frame = exception.getByRole("list", { name: "Stack trace, newest frame first" }).locator(":scope > li").filter({ hasText: "applyDiscount" }).first();
    await expect(frame).toBeVisible();
    const source = frame.getByLabel("Source context");
    await expect(source).toContainText("var rule = { code: cart.code, minimum: 50 };");
    await expect(source.locator("mark")).toContainText('throw new TypeError("Discount " + rule.code');

    const breadcrumbs = event.getByRole("region", { name: "Breadcrumbs" });
    await expect(breadcrumbs.getByRole("list", { name: "Breadcrumbs" }).locator(":scope > li").filter({ hasText: "console" }).getByText(`cart ${runId} has 3 items`, { exact: true })).toBeVisible();
    const tags = event.getByRole("region", { name: "Tags" });
    await expect(tags.getByText("checkout.step", { exact: true })).toBeVisible();
    await expect(tags.getByText("discount", { exact: true })).toBeVisible();
    const user = event.getByRole("region", { name: "User" });
    await expect(user.getByText(`grace.${runId}@example.com`)).toBeVisible();
    await expect(user.getByText(`user-${runId}`)).toBeVisible();

    // 7. Resolve with the keyboard.
    await expect(page.getByRole("region", { name: "Keyboard shortcuts" })).toContainText("Resolve");
    await page.keyboard.press("r");
    await expect(page.getByRole("status").filter({ hasText: "Resolved." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Activity" }).getByText(`Resolved by ${e2eOwner.email}`)).toBeVisible();

    // 8. Back in the unresolved list it is gone; the other issue is still there.
    await page.goto(`/projects/${slug}/issues`);
    await expect(declinedRow).toHaveCount(1);
    await expect(checkoutRow).toHaveCount(0);

    // 9. The same error again: offered live, then listed as regressed.
    await shop.getByRole("button", { name: "Check out" }).click();
    await expectDelivered(shop, "TypeError", 2);
    await expect(show).toBeVisible({ timeout: 30_000 });
    await show.click();
    await expect(checkoutRow).toHaveCount(1);
    await expect(checkoutRow.getByText("Regressed", { exact: true })).toBeVisible();
    await expect(checkoutRow.getByRole("cell").nth(3)).toHaveText("2");
  } finally {
    await shopContext.close();
    await sdkPage?.close();
  }
});
