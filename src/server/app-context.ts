import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { Kysely } from "kysely";
import type { AccessContext } from "./access/authorize";
import { clientAddressHeader, requestPathHeader } from "./access/client-headers";
import { getOptionalViewer } from "./access/get-optional-viewer";
import { getConfig, type LanternConfig } from "./config";
import type { LanternDatabase } from "./db/create-database";
import { getDatabase } from "./db/get-database";
import type { Database } from "./db/schema";
import { hasAnyUser } from "./users/count-users";

export type AppContext = AccessContext;

/** The database and config without a viewer: only for the pages anyone may open (sign-in, setup, invites). */
export async function getPublicContext(): Promise<{ db: Kysely<Database>; database: LanternDatabase; config: LanternConfig }> {
  const database = await getDatabase();
  return { db: database.db, database, config: getConfig() };
}

/**
 * What pages, server actions and route handlers of the dashboard work with — and the one place that turns
 * anonymous requests away: without a session this redirects to the setup screen (no account exists yet)
 * or to sign-in, coming back to the page asked for. Access to each project is then decided by
 * src/server/access/authorize.ts with the viewer returned here.
 */
export const getAppContext = cache(async (): Promise<AppContext> => {
  const { db, database, config } = await getPublicContext();
  const requestHeaders = await headers();
  // The root layout asked too (for the shell); both share one session read per request.
  const viewer = await getOptionalViewer();
  if (!viewer) {
    if (!(await hasAnyUser(db))) redirect("/setup");
    const path = requestHeaders.get(requestPathHeader);
    redirect(path ? `/sign-in?next=${encodeURIComponent(path)}` : "/sign-in");
  }
  return {
    db,
    database,
    config,
    viewer,
    source: { actor: viewer.actor, actorEmail: viewer.email, ipAddress: requestHeaders.get(clientAddressHeader), userAgent: requestHeaders.get("user-agent") },
  };
});
