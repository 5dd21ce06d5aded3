import Link from "next/link";
import type { ReactNode } from "react";
import { Tooltip } from "@/components/ui/tooltip";
import type { ShellViewer } from "@/lib/views/access";
import { DigestSearch } from "./digest-search";
import { EnvironmentPicker, type EnvironmentPickerProps } from "./environment-picker";
import { NavLink } from "./nav-link";
import { SignedInProvider } from "./signed-in-context";
import { ThemeToggle } from "./theme-toggle";

const navigation = [
  { href: "/projects", label: "Projects" },
  { href: "/issues", label: "Issues" },
  { href: "/feedback", label: "Feedback" },
  { href: "/logs", label: "Logs" },
  { href: "/replays", label: "Replays" },
  { href: "/crons", label: "Crons" },
  { href: "/settings", label: "Settings" },
  { href: "/docs", label: "Docs" },
];

/**
 * The frame around every page of both routers: a skip link, brand, navigation, environment filter (App
 * Router pages: the docs are not scoped), digest lookup, theme switch.
 * Below `md` the navigation wraps onto a second row instead of hiding behind a menu: the links fit a
 * 375 px screen, and a menu would need script on every page.
 */
export function AppShell({ children, viewer, environment }: { children: ReactNode; viewer: ShellViewer | null; environment?: EnvironmentPickerProps }) {
  return (
    <div className="min-h-screen">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 md:gap-x-6">
          <Link href="/projects" prefetch={false} className="flex shrink-0 items-center gap-2 rounded-md font-semibold">
            <span aria-hidden className="inline-block h-3 w-3 rounded-full bg-primary shadow-[0_0_10px_var(--primary)]" />
            Lantern
          </Link>
          {viewer ? (
            <nav aria-label="Main" className="order-last -mx-3 flex w-[calc(100%+1.5rem)] flex-wrap items-center gap-1 md:order-none md:mx-0 md:w-auto">
              {navigation.map((item) => (
                <NavLink key={item.href} href={item.href}>
                  {item.label}
                </NavLink>
              ))}
            </nav>
          ) : null}
          <div className="flex min-w-0 flex-1 items-center justify-end gap-2">
            {viewer && environment ? <EnvironmentPicker {...environment} /> : null}
            {viewer ? <DigestSearch className="min-w-0 max-w-64 flex-1" /> : null}
            <ThemeToggle />
            {viewer ? (
              <form action="/sign-out" method="post" className="flex items-center gap-2">
                <Tooltip content={viewer.email} describes>
                  <Link href="/settings/account" prefetch={false} className="hidden max-w-40 truncate rounded-md text-sm text-muted-foreground hover:text-foreground sm:inline">
                    {viewer.name}
                  </Link>
                </Tooltip>
                <button type="submit" className="rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-muted hover:text-foreground">
                  Sign out
                </button>
              </form>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
        <SignedInProvider isSignedIn={viewer !== null}>{children}</SignedInProvider>
      </main>
    </div>
  );
}
