"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";

export interface SectionNavItem {
  href: string;
  label: string;
  /** Current only on this exact path (a section's overview), not on the pages under it. */
  isExact?: boolean;
}

/**
 * A section's own navigation (Settings): a column beside the page from `md` up, a wrapping row of links
 * above it on a phone — never wider than the screen.
 */
export function SectionNav({ label, items }: { label: string; items: SectionNavItem[] }) {
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 border-b border-border pb-3 md:flex-col md:border-b-0 md:pb-0">
      {items.map((item) => {
        const isCurrent = item.isExact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <Link
            key={item.href}
            href={item.href}
            prefetch={false}
            aria-current={isCurrent ? "page" : undefined}
            className={cn("rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-muted hover:text-foreground", isCurrent && "bg-muted font-medium text-foreground")}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
