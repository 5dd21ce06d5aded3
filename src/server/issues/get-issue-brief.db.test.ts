import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { briefByteCap } from "@/lib/llm-brief/brief-input";
import { utf8Length } from "@/lib/llm-brief/markdown-text";
import { dsnFor, runSdkScript, uniqueToken } from "../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../tests/support/start-ingest-server";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { systemContext } from "../access/system-context";
import type { AccessContext } from "../access/authorize";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { updateScrubbingSettings } from "../projects/update-scrubbing-settings";
import { getIssueBrief } from "./get-issue-brief";

/**
 * Issue 32's acceptance 4: the real @sentry/node sends a large error full of secrets
 * (tests/fixtures/sdk-scripts/secrets-deep-stack.mjs: the scrubbing tests' corpus — a password, a card
 * number, `?token=` URLs, a bearer token — in the request, the message and 100 long breadcrumbs, with a
 * cause chain, ~50 in-app frames and 40 long tags) through the real ingest and digest; both briefs hold none of the
 * secrets, stay under the cap, and the full one carries the in-app frames.
 */
describe(`Copy for LLMs on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    context = systemContext(database, createTestConfig({ LANTERN_URL: "https://errors.example.org" }));
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  async function sendSecrets() {
    const secrets = {
      password: `pw-${uniqueToken()}`,
      token: uniqueToken("tok"),
      bearer: `eyJhbGciOiJIUzI1NiJ9.${uniqueToken("payload")}.sig`,
      card: "4111 1111 1111 1111",
    };
    const run = await runSdkScript("secrets-deep-stack.mjs", {
      LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id),
      LANTERN_TEST_RELEASE: "shop@2.0.0",
      LANTERN_TEST_ENVIRONMENT: "production",
      LANTERN_TEST_SECRETS: JSON.stringify(secrets),
    });
    expect(run.code, run.stderr).toBe(0);
    await server.service.digest.drain();
    const eventId = run.facts.eventId as string;
    const row = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return { secrets, eventId, issueId: row.issue_id!, forbidden: [secrets.password, secrets.token, secrets.bearer, secrets.card, secrets.card.replaceAll(" ", "")] };
  }

  it("leaves out every secret, stays under the cap and carries the in-app frames with their source lines", async () => {
    const { eventId, issueId, forbidden } = await sendSecrets();
    const full = await getIssueBrief(context, { issueId, eventId, variant: "full" });
    const identifiers = await getIssueBrief(context, { issueId, eventId, variant: "identifiers" });
    for (const brief of [full, identifiers]) {
      for (const secret of forbidden) expect(brief.markdown, `the brief holds ${secret}`).not.toContain(secret);
      expect(utf8Length(brief.markdown)).toBeLessThanOrEqual(briefByteCap);
    }

    const { markdown } = full;
    expect(full.truncated).toBe(true);
    expect(markdown).toContain("_…truncated");
    expect(markdown).toContain("Title: `Error: payment with card [Filtered] failed`");
    expect(markdown).toContain("### Caused by (1)");
    expect(markdown).toContain("`card [Filtered] declined`");
    // The in-app frames, from the script itself, newest first, with the throwing line's source.
    expect(markdown).toMatch(/at chargeCardStep \([^)]*secrets-deep-stack\.mjs:\d+:\d+\)/);
    expect(markdown).toMatch(/> +\d+ \|\s+throw new Error\(`card \$\{secret\.card\} declined`\);/);
    expect(markdown).toMatch(/… the frame above \d+ more times/);
    expect(markdown).toMatch(/at handleCheckoutRequest \([^)]*secrets-deep-stack\.mjs:\d+:\d+\)/);
    expect(markdown).toContain("[Filtered]");
    expect(markdown).toContain(`https://errors.example.org/projects/${shop.project.slug}/issues/${issueId}/events/${eventId}`);
    expect(markdown).toContain("This event's release: `shop@2.0.0`");

    expect(identifiers.truncated).toBe(false);
    expect(identifiers.markdown).toContain(`get_issue_details(organizationSlug="lantern", issueId="SHOP-${issueId}", eventId="${eventId}")`);
    expect(identifiers.markdown).toContain("https://errors.example.org/mcp");
    // No event text: no message, frame, breadcrumb or tag value.
    for (const text of ["payment with card", "declined", "chargeCardStep", "secrets-deep-stack", "padding", "acme-77", "[Filtered]"]) expect(identifiers.markdown).not.toContain(text);
  });

  it("scrubs the stored event again under the project's settings of now", async () => {
    const { eventId, issueId } = await sendSecrets();
    const before = await getIssueBrief(context, { issueId, eventId, variant: "full" });
    expect(before.markdown).toContain("- `customer_ref`: `acme-77`");
    await updateScrubbingSettings(context, shop.project.id, { isEnabled: true, extraKeys: "customer_ref", safeFields: "", scrubIpAddresses: false, scrubEmails: false });
    const after = await getIssueBrief(context, { issueId, eventId, variant: "full" });
    expect(after.markdown).toContain("- `customer_ref`: `[Filtered]`");
    expect(after.markdown).not.toContain("acme-77");
  });

  it("briefs the latest event when none is named, and refuses an event the issue does not have", async () => {
    const { eventId, issueId } = await sendSecrets();
    expect((await getIssueBrief(context, { issueId, variant: "identifiers" })).markdown).toContain(eventId);
    await expect(getIssueBrief(context, { issueId, eventId: "f".repeat(32), variant: "full" })).rejects.toMatchObject({ code: "not_found" });
  });
});
