import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { signWebhookBody } from "@/server/alerts/sign-webhook-body";
import { actionIds, conditionIds, filterIds, parseRule } from "@/server/alerts/rule-schema";
import { Alerts, exampleChannelSlug, ruleCurlCommand, signatureCheckCode, terraformIssueAlert, webhookReceiverCode } from "./alerts";
import { docPages, findDocPage } from "./index";

const instance = { url: "https://errors.example.org", org: "acme", email: "ops@example.org" };
const target = { url: instance.url, org: instance.org, project: "checkout-web" };

function render(project: { slug: string; name: string } | null = { slug: "checkout-web", name: "Checkout" }): string {
  // The text as read: identifiers carry <wbr> line-break hints (IdentifierText).
  return renderToStaticMarkup(createElement(Alerts, { instance, project })).replaceAll("<wbr/>", "");
}

/** The `<code>` ids in the rows of the table labelled `title`. */
function idsInTable(html: string, title: string): string[] {
  const table = html.match(new RegExp(`<table aria-label="${title}">([\\s\\S]*?)</table>`))?.[1] ?? "";
  return [...table.matchAll(/<tr><td><code>([^<]+)<\/code><\/td>/g)].map((match) => match[1]!);
}

describe("Docs → Alerts", () => {
  it("is listed under guides, after Source maps, and loads a project the viewer sees", () => {
    expect(findDocPage(["guides", "alerts"])).toMatchObject({ title: "Alerts", showsProjectDsn: true });
    const paths = docPages.map((page) => page.slug.join("/"));
    expect(paths.indexOf("guides/alerts")).toBe(paths.indexOf("guides/source-maps") + 1);
  });

  it("lists exactly the condition, filter and action ids the rule schema accepts", () => {
    const html = render();
    expect(idsInTable(html, "Condition")).toEqual(Object.values(conditionIds));
    expect(idsInTable(html, "Filter")).toEqual(Object.values(filterIds));
    expect(idsInTable(html, "Action")).toEqual(Object.values(actionIds));
  });

  it("writes this instance's URL, organization and the project into the curl and Terraform examples", () => {
    const html = render();
    expect(html).toContain("curl -X POST https://errors.example.org/api/0/projects/acme/checkout-web/rules/");
    expect(html).toContain("base_url = &quot;https://errors.example.org/api/&quot;");
    expect(html).toContain("organization = &quot;acme&quot;");
    expect(html).toContain("project      = &quot;checkout-web&quot;");
    expect(html).toContain("lantern token create --user ops@example.org --scopes read,admin");
    expect(render(null)).toContain("standing for your project");
  });

  it("sends a rule in the curl example that the rules API accepts as written", () => {
    const command = ruleCurlCommand(target);
    const json = command.slice(command.indexOf("<<'JSON'\n") + "<<'JSON'\n".length, command.lastIndexOf("\nJSON"));
    const parsed = parseRule(JSON.parse(json));
    expect(parsed).toHaveProperty("rule");
    if (!("rule" in parsed)) return;
    expect(parsed.rule.conditions.map((condition) => condition.id)).toEqual([conditionIds.firstSeen, conditionIds.regression, conditionIds.eventFrequency]);
    expect(parsed.rule.actions).toContainEqual(expect.objectContaining({ id: actionIds.service, service: exampleChannelSlug }));
  });

  it("uses the provider's documented base_url form and typed blocks in the Terraform example", () => {
    const hcl = terraformIssueAlert(target);
    expect(hcl).toContain('source  = "jianyuan/sentry"');
    expect(hcl).toMatch(/base_url = "https:\/\/errors\.example\.org\/api\/"/);
    for (const block of ["conditions_v2", "filters_v2", "actions_v2", "first_seen_event", "event_frequency", "notify_email", "notify_event_service"]) expect(hcl).toContain(block);
  });

  it("verifies Lantern-Signature with the receiver code the page shows, as Lantern signs, and rejects a changed body", async () => {
    expect(webhookReceiverCode).toContain(signatureCheckCode.split("\n").slice(1).join("\n"));
    const directory = mkdtempSync(join(tmpdir(), "lantern-docs-alerts-"));
    try {
      const file = join(directory, "check.mjs");
      writeFileSync(file, `${signatureCheckCode}\nexport { isFromLantern };\n`);
      const { isFromLantern } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { isFromLantern: (body: Buffer, header: string | undefined, secret: string) => boolean };
      const secret = "a5f0c1e2d3b4a5f6e7d8c9b0a1f2e3d4";
      const body = Buffer.from(JSON.stringify({ id: "3f1c9a1e", action: "new", headline: "New issue", issue: { title: "TypeError: ü" } }));
      const header = signWebhookBody(body, secret);
      expect(isFromLantern(body, header, secret)).toBe(true);
      expect(isFromLantern(Buffer.concat([body, Buffer.from(" ")]), header, secret)).toBe(false);
      expect(isFromLantern(body, header, "another-secret-of-some-length")).toBe(false);
      expect(isFromLantern(body, undefined, secret)).toBe(false);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
