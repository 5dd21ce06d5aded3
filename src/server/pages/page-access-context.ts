import type { IncomingMessage } from "node:http";
import type { AccessContext } from "../access/authorize";
import { clientAddressHeader } from "../access/client-headers";
import type { Viewer } from "../access/viewer";
import { getConfig } from "../config";
import { getDatabase } from "../db/get-database";

/** What getAppContext gives an App Router page, for a Pages Router page's getServerSideProps once requirePageViewer let the viewer in. */
export async function pageAccessContext(viewer: Viewer, request: IncomingMessage): Promise<AccessContext> {
  const database = await getDatabase();
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" ? value : null;
  };
  return { db: database.db, database, config: getConfig(), viewer, source: { actor: viewer.actor, actorEmail: viewer.email, ipAddress: header(clientAddressHeader), userAgent: header("user-agent") } };
}
