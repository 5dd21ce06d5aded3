import type { ReactNode } from "react";
import { getAppContext } from "@/server/app-context";

/**
 * Every dashboard page sits behind this gate: anonymous requests go to sign-in (or setup) before any page
 * renders, even one that forgets to ask for the context itself. Route handlers and server actions do not
 * pass through layouts; each of them calls getAppContext() first.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  await getAppContext();
  return children;
}
