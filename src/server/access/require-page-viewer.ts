import type { GetServerSidePropsContext, Redirect } from "next";
import { getDatabase } from "../db/get-database";
import { hasAnyUser } from "../users/count-users";
import { getSessionViewer } from "./get-session-viewer";
import type { Viewer } from "./viewer";
import type { ShellViewer } from "@/lib/views/access";
export type { ShellViewer } from "@/lib/views/access";

export function toShellViewer(viewer: Viewer): ShellViewer {
  return { name: viewer.name, email: viewer.email, role: viewer.role };
}

/** The Pages Router's version of getAppContext's gate: the viewer, or the redirect to setup or sign-in. */
export async function requirePageViewer(context: GetServerSidePropsContext): Promise<{ viewer: Viewer } | { redirect: Redirect }> {
  const { db } = await getDatabase();
  const requestHeaders = new Headers();
  for (const [name, value] of Object.entries(context.req.headers)) if (typeof value === "string") requestHeaders.set(name, value);
  const viewer = await getSessionViewer(db, requestHeaders);
  if (viewer) return { viewer };
  if (!(await hasAnyUser(db))) return { redirect: { destination: "/setup", permanent: false } };
  return { redirect: { destination: `/sign-in?next=${encodeURIComponent(context.resolvedUrl)}`, permanent: false } };
}
