import { z } from "zod";
import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { requireOrganization } from "../../api/organization";

/**
 * Arguments as Sentry's MCP server spells them (names, types, which are required), so a call written for
 * Sentry validates here too. `regionUrl` is accepted and unused: one Lantern is one region.
 */
export const organizationSlug = z.string().max(100).describe("The organization's slug (find_organizations names it; Lantern has one).");
export const regionUrl = z.string().max(2000).nullable().default(null).describe("Accepted for Sentry compatibility; Lantern is one region, so it is not needed.").optional();
export const issueId = z.string().max(100).describe("The issue's short id (e.g. `SHOP-42`) or its numeric id.");
export const issueUrl = z.string().max(2000).describe("The issue's URL, in Lantern's or Sentry's form (…/issues/<id>/).");

/** The organization named in a call, if any, must be this instance's. */
export function checkOrganization(context: AccessContext, slug: string | undefined): void {
  if (slug !== undefined) requireOrganization(context.config, slug);
}

/**
 * The issue a call names: `issueId` as is, or the segment after `/issues/` of `issueUrl` (Lantern's
 * `/projects/<slug>/issues/<id>` and Sentry's `/organizations/<org>/issues/<short id>/` both work).
 */
export function issueRefOf(args: { issueId?: string; issueUrl?: string }): string {
  if (args.issueId) return args.issueId.replace(/[^\w-]/g, "");
  if (args.issueUrl) {
    const match = /\/issues\/([\w-]+)/.exec(args.issueUrl);
    if (match) return match[1]!;
    throw new AppError("bad_request", "issueUrl does not name an issue (expected …/issues/<id>/).");
  }
  throw new AppError("bad_request", "Give issueId (with organizationSlug) or issueUrl.");
}

/** Sentry's relative period (`24h`, `7d`, `30m`, `2w`) as milliseconds. */
export function periodMs(text: string): number {
  const match = /^(\d{1,6})([smhdw])$/.exec(text.trim());
  if (!match) throw new AppError("bad_request", `period must look like 24h, 14d or 30m (not ${JSON.stringify(text)}).`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[match[2] as "s" | "m" | "h" | "d" | "w"];
  return Number(match[1]) * unit;
}

/** A Lantern page as an absolute URL (links in answers must work outside the dashboard). */
export function pageUrl(context: AccessContext, path: string): string {
  return `${context.config.publicUrl}${path}`;
}
