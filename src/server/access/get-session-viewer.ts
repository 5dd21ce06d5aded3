import type { Kysely } from "kysely";
import type { Auth } from "../auth/create-auth";
import { getAuth } from "../auth/get-auth";
import type { Database } from "../db/schema";
import { viewerOf, type Viewer } from "./viewer";

/** The viewer of the session cookie in `headers`; null without a valid, unexpired session. */
export async function getSessionViewer(db: Kysely<Database>, headers: Headers, auth?: Auth): Promise<Viewer | null> {
  auth ??= await getAuth();
  const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return null;
  // better-auth has just read the user (role and environment filter included, as additional fields): no second read.
  return viewerOf(db, session.user);
}
