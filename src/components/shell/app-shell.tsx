import Link from "next/link";
import type { ReactNode } from "react";
import { NavLink } from "./nav-link";
import { ThemeToggle } from "./theme-toggle";

const navigation = [
  { href: "/projects", label: "Projects" },
  { href: "/issues", label: "Issues" },
  { href: "/settings", label: "Settings" },
  { href: "/docs", label: "Docs" },
];

/** The frame around every page of both routers: brand, navigation, theme switch. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-6 px-4">
          <Link href="/projects" prefetch={false} className="flex items-center gap-2 font-semibold">
            <span aria-hidden className="inline-block h-3 w-3 rounded-full bg-primary shadow-[0_0_10px_var(--primary)]" />
            Lantern
          </Link>
          <nav aria-label="Main" className="flex items-center gap-1">
            {navigation.map((item) => (
              <NavLink key={item.href} href={item.href}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto">
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
    </div>
  );
}
