import { test } from "@playwright/test";
import { mainPages, seedProject } from "./support/main-pages";
const longRelease = "checkout-api@2026.11.28+build.4821.sha.9f2c4e1a7b3d5f60182e4c9a0b7d3e5f.storefront_payments-reconciliation.eu-west-1.canary-cohort_kernel_version-fetchShipping.availability-window_extended-validation".padEnd(200, "-x").slice(0, 200);
test.use({ viewport: { width: 1440, height: 900 } });
test("debug", async ({ page }) => {
  const seed = await seedProject("dbg", { name: (t: string) => `${t}_storefront_payments.reconciliation_service.eu_west_1.canary_cohort`.slice(0, 64), release: longRelease });
  const p = mainPages.find((m) => m.name === "event")!;
  await page.goto(p.path(seed));
  await page.waitForLoadState("load");
  const out = await page.evaluate(() => {
    const res: string[] = [];
    for (const el of Array.from(document.querySelectorAll("span"))) {
      const t = el.textContent ?? "";
      if (!t.startsWith("checkout-api@") && !t.startsWith("First seen")) continue;
      const chain: string[] = [];
      for (let n: Element | null = el; n && n !== document.body && chain.length < 7; n = n.parentElement) chain.push(`${n.tagName.toLowerCase()}.${(n.getAttribute("class") ?? "").slice(0, 70)} w=${Math.round(n.getBoundingClientRect().width)} h=${Math.round(n.getBoundingClientRect().height)}`);
      res.push(t.slice(0, 30) + " html=" + el.innerHTML.slice(0, 80) + "\n   " + chain.join("\n   "));
    }
    return res.join("\n");
  });
  console.log(out);
});
