import type { ReactNode } from "react";
import { safeHttpUrl } from "@/lib/safe-url";

/** A link to a URL from event data when it is http(s); otherwise the text alone. Never followed with the dashboard's referrer or rank. */
export function SafeLink({ href, children, className }: { href: unknown; children: ReactNode; className?: string }) {
  const url = safeHttpUrl(href);
  if (!url) return <span className={className}>{children}</span>;
  return (
    <a href={url} rel="noopener noreferrer nofollow" target="_blank" className={className ? `${className} underline-offset-2 hover:underline` : "underline-offset-2 hover:underline"}>
      {children}
    </a>
  );
}
