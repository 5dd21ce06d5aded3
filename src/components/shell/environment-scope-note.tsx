import { Layers } from "lucide-react";
import type { EnvironmentScope } from "@/lib/environment-filter";

/**
 * Says under a page's filters that the header's environment filter scopes what follows, or that the page's
 * own `environment:` query overrides it — so an empty list is never a mystery.
 */
export function EnvironmentScopeNote({ scope }: { scope: EnvironmentScope | undefined }) {
  if (!scope?.applied && !scope?.overridden) return null;
  return (
    <p className="mb-3 flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="environment-scope">
      <Layers aria-hidden className="h-3.5 w-3.5 shrink-0" />
      {scope.applied ? (
        <span className="min-w-0 wrap-break-word">
          Environment <strong className="font-medium text-foreground">{scope.applied}</strong> only, as picked in the header.
        </span>
      ) : (
        <span className="min-w-0 wrap-break-word">
          The query’s own <code className="font-mono">environment:</code> applies here instead of <strong className="font-medium text-foreground">{scope.overridden}</strong>, picked in the header.
        </span>
      )}
    </p>
  );
}
