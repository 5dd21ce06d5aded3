import { Badge } from "@/components/ui/badge";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { ActionState } from "@/lib/action-state";
import { formatTimestamp } from "@/lib/format-time";

export interface ApiTokenRow {
  id: number;
  name: string;
  /** Enough of the token to tell it apart: `sntrys_…abcd`, or a legacy token's `lnt_abcdef…`. */
  hint: string;
  scopes: string[];
  createdAt: number;
  lastUsedAt: number | null;
}

interface ApiTokenListProps {
  tokens: ApiTokenRow[];
  revoke: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/** The account's live tokens: a few characters (to tell them apart), scopes, last use, and a revoke button that asks first. */
export function ApiTokenList({ tokens, revoke }: ApiTokenListProps) {
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">No API tokens.</p>;
  return (
    <ul aria-label="API tokens" className="divide-y divide-border">
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm">
          <span className="font-medium">{token.name}</span>
          <code className="font-mono text-xs text-muted-foreground">{token.hint}</code>
          {token.scopes.map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
          <span className="text-xs text-muted-foreground">
            created {formatTimestamp(token.createdAt)}, {token.lastUsedAt === null ? "never used" : `last used ${formatTimestamp(token.lastUsedAt)}`}
          </span>
          <div className="ml-auto">
            <ConfirmAction
              trigger="Revoke…"
              title={`Revoke ${token.name}?`}
              description="Whatever still sends it (a CI job, a script, sentry-cli) is refused from then on. A revoked token cannot be restored."
              action={revoke}
              formLabel={`Revoke ${token.name}`}
              fields={{ tokenId: token.id }}
              submitLabel="Revoke token"
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
