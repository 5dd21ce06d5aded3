import type { Kysely } from "kysely";
import { getAuth } from "../auth/get-auth";
import type { Database } from "../db/schema";
import { loadViewer, type Viewer } from "./viewer";

/** The viewer of the session cookie in `headers`; null without a valid, unexpired session. */
export async function getSessionViewer(db: Kysely<Database>, headers: Headers): Promise<Viewer | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return null;
  return loadViewer(db, session.user.id);
}
