import { headers } from "next/headers";
import { cache } from "react";
import { getDatabase } from "../db/get-database";
import { getSessionViewer } from "./get-session-viewer";
import type { Viewer } from "./viewer";

/** The signed-in viewer or null, once per request: for the shell, which every page (public ones too) renders. */
export const getOptionalViewer = cache(async (): Promise<Viewer | null> => {
  const database = await getDatabase();
  return getSessionViewer(database.db, await headers());
});
