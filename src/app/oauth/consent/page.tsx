import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getAppContext } from "@/server/app-context";
import { describeOAuthConsentRequest } from "@/server/oauth/decide-oauth-consent";
import { decideOAuthConsentAction } from "./actions";

export const metadata: Metadata = { title: "Allow an MCP client", referrer: "no-referrer" };

const scopeWords = {
  read: "Read your projects' issues, events, traces, releases and monitors",
  write: "Also triage: resolve, ignore, assign and comment on issues",
} as const;

/**
 * Where better-auth sends the browser when an MCP client asks for access (and when the user is not signed in
 * yet: getAppContext sends them to sign-in and back here). The query is better-auth's signed authorization
 * request, passed on unchanged to the decision.
 */
export default async function OAuthConsentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const context = await getAppContext();
  // Rebuilt from Next's parsed parameters (the signature covers the sorted parameters, not their order).
  const query = new URLSearchParams(Object.entries(await searchParams).flatMap(([key, value]) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item): [string, string] => [key, item]))).toString();
  const request = await describeOAuthConsentRequest(context, query);
  if (!request) {
    return (
      <div className="mx-auto max-w-md">
        <PageHeader title="This authorization request cannot be used" />
        <Card>
          <p role="alert" className="text-sm">
            It has expired, was changed, or names no registered app. Start again from the app that sent you here.
          </p>
        </Card>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Allow access to Lantern?" description={`Signed in as ${context.viewer.email}`} />
      <Card className="space-y-4">
        <p className="text-sm">
          <span className="font-medium" data-testid="oauth-client-name">{request.clientName}</span> wants to use Lantern as you, through its MCP server.
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="Access asked">
          {request.scopes.map((scope) => (
            <li key={scope}>{scopeWords[scope]}</li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">
          After your answer the browser goes to <span className="font-mono">{request.redirectHost}</span>. You can revoke this access at any time in Settings → Your account → Connected apps.
        </p>
        <form action={decideOAuthConsentAction} className="flex gap-3">
          <input type="hidden" name="query" value={query} />
          <Button type="submit" name="decision" value="allow">
            Allow
          </Button>
          <Button type="submit" name="decision" value="deny" variant="secondary">
            Deny
          </Button>
        </form>
      </Card>
    </div>
  );
}
