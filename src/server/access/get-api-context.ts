import { AppError } from "../errors";
import { getDatabase } from "../db/get-database";
import { getConfig } from "../config";
import { authenticateApiToken } from "../tokens/api-tokens";
import type { LanternDatabase } from "../db/create-database";
import type { AccessContext } from "./authorize";
import type { Viewer } from "./viewer";
import { clientAddressHeader } from "./client-headers";
import { getSessionViewer } from "./get-session-viewer";

/**
 * The access context of an /api/0/ request: `Authorization: Bearer <token>` (an API token, capped by its
 * scopes) or, for the dashboard's own use, a session cookie. Anything else is AppError unauthorized (401).
 */
export async function getApiContext(request: Request): Promise<AccessContext> {
  const database = await getDatabase();
  const { db } = database;
  const authorization = request.headers.get("authorization");
  let viewer;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw new AppError("unauthorized", "Use Authorization: Bearer <token>.");
    viewer = await authenticateApiToken(db, match[1]!);
    if (!viewer) throw new AppError("unauthorized", "Invalid token.");
  } else {
    viewer = await getSessionViewer(db, request.headers);
    if (!viewer) throw new AppError("unauthorized", "Authentication credentials were not provided.");
  }
  return requestContext(request, database, viewer);
}

/** The access context of `viewer`, already authenticated on `request` (whose client the audit log records). */
export function requestContext(request: Request, database: LanternDatabase, viewer: Viewer): AccessContext {
  return {
    db: database.db,
    database,
    config: getConfig(),
    viewer,
    source: { actor: viewer.actor, actorEmail: viewer.email, ipAddress: request.headers.get(clientAddressHeader), userAgent: request.headers.get("user-agent") },
  };
}
