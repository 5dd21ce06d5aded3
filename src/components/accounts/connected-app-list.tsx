import { Badge } from "@/components/ui/badge";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { ActionState } from "@/lib/action-state";
import { formatTimestamp } from "@/lib/format-time";

export interface ConnectedAppRow {
  clientId: string;
  /** The name the app registered itself with: a stranger's text, rendered as text. */
  name: string;
  scopes: string[];
  authorizedAt: number;
  lastTokenAt: number | null;
}

interface ConnectedAppListProps {
  apps: ConnectedAppRow[];
  revoke: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/** MCP clients the person allowed through OAuth: name, scopes, when, and a revoke that ends their tokens at once. */
export function ConnectedAppList({ apps, revoke }: ConnectedAppListProps) {
  if (apps.length === 0) return <p className="text-sm text-muted-foreground">No connected apps.</p>;
  return (
    <ul aria-label="Connected apps" className="divide-y divide-border">
      {apps.map((app) => (
        <li key={app.clientId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm">
          <span className="font-medium">{app.name}</span>
          {app.scopes.map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
          <span className="text-xs text-muted-foreground">
            allowed {formatTimestamp(app.authorizedAt)}
            {app.lastTokenAt === null ? "" : `, last token ${formatTimestamp(app.lastTokenAt)}`}
          </span>
          <div className="ml-auto">
            <ConfirmAction
              trigger="Revoke…"
              title={`Revoke ${app.name}?`}
              description="Its access and refresh tokens stop working at once; to use Lantern again it must ask you again."
              action={revoke}
              formLabel={`Revoke ${app.name}`}
              fields={{ clientId: app.clientId }}
              submitLabel="Revoke access"
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
