import type { ReactNode } from "react";
import { readBreadcrumbs, readContexts, readEntries, readExceptions, readMessage, readTags, readText } from "@/lib/event-payload";
import { BreadcrumbsTable } from "./breadcrumbs-table";
import { ExceptionChain } from "./exception-chain";
import { KeyValueList } from "./key-value-list";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6" aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** One stored event as text: message, exception chain, breadcrumbs, tags, user, release, request and contexts. */
export function EventDetails({ payload }: { payload: Record<string, unknown> }) {
  const exceptions = readExceptions(payload);
  const message = readMessage(payload);
  const breadcrumbs = readBreadcrumbs(payload);
  const tags = readTags(payload);
  const user = readEntries(payload.user);
  const request = readEntries(payload.request);
  const contexts = readContexts(payload);
  const about = (["release", "environment", "dist", "platform", "transaction", "logger", "server_name"] as const).flatMap((field): [string, string][] => {
    const value = readText(payload, field);
    return value ? [[field, value]] : [];
  });
  const sdk = readEntries(payload.sdk).filter(([key]) => key === "name" || key === "version");
  return (
    <div>
      {message ? (
        <Part title="Message">
          <pre className="overflow-x-auto rounded-md border border-border bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">{message}</pre>
        </Part>
      ) : null}
      {exceptions.length > 0 ? (
        <Part title="Exception">
          <ExceptionChain exceptions={exceptions} />
        </Part>
      ) : null}
      {breadcrumbs.length > 0 ? (
        <Part title="Breadcrumbs">
          <BreadcrumbsTable breadcrumbs={breadcrumbs} />
        </Part>
      ) : null}
      {tags.length > 0 ? (
        <Part title="Tags">
          <KeyValueList entries={tags} />
        </Part>
      ) : null}
      {about.length > 0 || sdk.length > 0 ? (
        <Part title="Release and environment">
          <KeyValueList entries={[...about, ...sdk.map(([key, value]): [string, string] => [`sdk.${key}`, value])]} />
        </Part>
      ) : null}
      {user.length > 0 ? (
        <Part title="User">
          <KeyValueList entries={user} />
        </Part>
      ) : null}
      {request.length > 0 ? (
        <Part title="Request">
          <KeyValueList entries={request} />
        </Part>
      ) : null}
      {contexts.length > 0 ? (
        <Part title="Contexts">
          <div className="space-y-4">
            {contexts.map((context) => (
              <div key={context.name}>
                <h4 className="mb-1 font-mono text-xs font-semibold">{context.name}</h4>
                <KeyValueList entries={context.entries} label={`Context ${context.name}`} />
              </div>
            ))}
          </div>
        </Part>
      ) : null}
    </div>
  );
}
