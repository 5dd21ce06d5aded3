import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

/**
 * The header's "Find by digest" box: a plain GET form to `/digest?value=…`, so it works the same on the
 * App Router and the Pages Router pages (docs) and before any script has loaded.
 */
export function DigestSearch({ className }: { className?: string }) {
  return (
    <form action="/digest" method="get" role="search" aria-label="Digest lookup" className={cn("flex items-center gap-1", className)}>
      <label htmlFor="header-digest-search" className="sr-only">
        Find by digest
      </label>
      <Input id="header-digest-search" name="value" type="search" required autoComplete="off" spellCheck={false} placeholder="Find by digest" className="h-8 min-w-0 font-mono text-xs placeholder:font-sans" />
      <Button type="submit" variant="ghost" size="icon" className="h-8 w-8 shrink-0" aria-label="Find event by digest">
        <Search className="h-4 w-4" aria-hidden />
      </Button>
    </form>
  );
}
