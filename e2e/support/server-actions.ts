import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import { anonymousState } from "./server";

/** A browser context signed in through the real sign-in page, for calling pages and actions as that person. */
export async function signedInContext(browser: Browser, email: string, password: string): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState: anonymousState });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/projects/);
  await page.close();
  return context;
}

/**
 * Calls a server action by its id from the build's manifest, with the context's cookies, as React encodes a
 * form action: the form's fields first (a list repeats a field) and the arguments ("0") last, in this order,
 * as React sends them — the server resolves "$K1" to the fields that arrived before it. `boundId` is the
 * argument bound to the action, if any. Answers the redirect the action asked for, if any, and the body.
 */
export async function callServerAction(request: APIRequestContext, name: string, fields: Record<string, string | string[]>, boundId?: number): Promise<{ redirect: string | null; body: string }> {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as { node: Record<string, { exportedName?: string }> };
  const entry = Object.entries(manifest.node).find(([, action]) => action.exportedName === name);
  if (!entry) throw new Error(`no server action ${name} in the build`);
  const args = boundId === undefined ? [{}, "$K1"] : [boundId, {}, "$K1"];
  const multipart = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const each of Array.isArray(value) ? value : [value]) multipart.append(`_1_${key}`, each);
  multipart.append("0", JSON.stringify(args));
  const response = await request.post("/projects", { headers: { "Next-Action": entry[0], Accept: "text/x-component" }, multipart, failOnStatusCode: false, maxRedirects: 0 });
  return { redirect: response.headers()["x-action-redirect"] ?? null, body: await response.text() };
}
