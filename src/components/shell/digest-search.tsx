"use client";

import { Search } from "lucide-react";
import { usePathname } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { headerSearchMaxLength, projectSlugOfPath } from "@/lib/header-search-destination";

/**
 * The header's search box: issue queries (words and `key:value` filters) and Next.js digests alike. A plain
 * GET form to `/search?q=…`, which sends a digest to the digest lookup and the rest to the issue search
 * (lib/header-search-destination) — so it works the same on the App Router and the Pages Router pages
 * (docs) and before any script has loaded. On a project's pages it searches that project first (`project`
 * is in the server-rendered form too); its results link on to every project.
 */
export function DigestSearch({ className }: { className?: string }) {
  const projectSlug = projectSlugOfPath(usePathname() ?? "");
  const name = projectSlug ? "Search this project" : "Search everywhere";
  return (
    <form action="/search" method="get" role="search" aria-label={name} className={cn("flex items-center gap-1", className)}>
      <label htmlFor="header-search" className="sr-only">
        Search issues or find by digest
      </label>
      {projectSlug ? <input type="hidden" name="project" value={projectSlug} /> : null}
      <Input
        id="header-search"
        name="q"
        type="search"
        required
        maxLength={headerSearchMaxLength}
        autoComplete="off"
        spellCheck={false}
        placeholder={projectSlug ? "Search this project or digest" : "Search issues or digest"}
        className="h-8 min-w-0 font-mono text-xs placeholder:font-sans"
      />
      <Button type="submit" variant="ghost" size="icon" className="h-8 w-8 shrink-0" aria-label={name}>
        <Search className="h-4 w-4" aria-hidden />
      </Button>
    </form>
  );
}
