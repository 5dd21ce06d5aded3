import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { headerSearchMaxLength } from "@/lib/header-search-destination";

/**
 * The header's search box: issue queries (words and `key:value` filters) and Next.js digests alike. A plain
 * GET form to `/search?q=…`, which sends a digest to the digest lookup and the rest to the issue search
 * (lib/header-search-destination) — so it works the same on the App Router and the Pages Router pages
 * (docs) and before any script has loaded.
 */
export function DigestSearch({ className }: { className?: string }) {
  return (
    <form action="/search" method="get" role="search" aria-label="Search everywhere" className={cn("flex items-center gap-1", className)}>
      <label htmlFor="header-search" className="sr-only">
        Search issues or find by digest
      </label>
      <Input
        id="header-search"
        name="q"
        type="search"
        required
        maxLength={headerSearchMaxLength}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search issues or digest"
        className="h-8 min-w-0 font-mono text-xs placeholder:font-sans"
      />
      <Button type="submit" variant="ghost" size="icon" className="h-8 w-8 shrink-0" aria-label="Search everywhere">
        <Search className="h-4 w-4" aria-hidden />
      </Button>
    </form>
  );
}
