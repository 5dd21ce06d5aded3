import type { Kysely } from "kysely";
import { getAuth } from "../auth/get-auth";
import type { Database } from "../db/schema";
import { viewerOf, type Viewer } from "./viewer";

/** The viewer of the session cookie in `headers`; null without a valid, unexpired session. */
export async function getSessionViewer(db: Kysely<Database>, headers: Headers): Promise<Viewer | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return null;
  // better-auth has just read the user (role included, as an additional field): no second read.
  return viewerOf(db, session.user);
}
