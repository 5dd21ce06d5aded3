import { expect, test } from "@playwright/test";

/** What `lantern start` adds to every dashboard response (src/server/http/security-headers.ts). */
test("dashboard pages forbid framing and MIME sniffing and limit referrers", async ({ request }) => {
  for (const path of ["/projects", "/issues", "/docs", "/no-such-page"]) {
    const response = await request.get(path);
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    // Served over plain HTTP in the test: no HSTS.
    expect(response.headers()["strict-transport-security"], path).toBeUndefined();
  }
});
