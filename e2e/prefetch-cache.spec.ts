import { expect, test, type Request } from "@playwright/test";

function isPageDataRequestFor(pathname: string, request: Request): boolean {
  const url = new URL(request.url());
  return url.pathname === pathname && request.headers()["rsc"] === "1";
}

test("client navigation fetches page data with RSC: 1 and _rsc, reuses it for 30 s, and fetches again after", async ({ page }) => {
  await page.clock.install();
  const issuesRequests: Request[] = [];
  page.on("request", (request) => {
    if (isPageDataRequestFor("/issues", request)) issuesRequests.push(request);
  });

  await page.goto("/projects");
  const nav = page.getByRole("navigation", { name: "Main" });

  await nav.getByRole("link", { name: "Issues" }).click();
  await expect(page.getByRole("heading", { name: "Issues", level: 1 })).toBeVisible();
  expect(issuesRequests).toHaveLength(1);
  expect(new URL(issuesRequests[0]!.url()).searchParams.has("_rsc")).toBe(true);

  await nav.getByRole("link", { name: "Projects" }).click();
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await page.clock.fastForward(20_000);
  await nav.getByRole("link", { name: "Issues" }).click();
  await expect(page.getByRole("heading", { name: "Issues", level: 1 })).toBeVisible();
  expect(issuesRequests, "within 30 s the cached page data is reused").toHaveLength(1);

  await nav.getByRole("link", { name: "Projects" }).click();
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await page.clock.fastForward(31_000);
  await nav.getByRole("link", { name: "Issues" }).click();
  await expect(page.getByRole("heading", { name: "Issues", level: 1 })).toBeVisible();
  await expect.poll(() => issuesRequests.length, { message: "after 30 s the page data is fetched again" }).toBe(2);
  expect(issuesRequests[1]!.headers()["rsc"]).toBe("1");
});
