import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";

/** The SDK set-up that records replays: every session at `sessionRate`, and the minute before each error. */
export function replaySetupSnippet(dsn: string | null): string {
  return `import * as Sentry from "@sentry/browser"; // or @sentry/nextjs, @sentry/react…

Sentry.init({
  dsn: ${JSON.stringify(dsn ?? "<your project's DSN>")},
  integrations: [Sentry.replayIntegration()],
  // Record 10 % of all sessions…
  replaysSessionSampleRate: 0.1,
  // …and every session in which an error happens (the SDK keeps the last minute buffered).
  replaysOnErrorSampleRate: 1.0,
});`;
}

/** The empty replay list: how to turn Session Replay on, with the project's DSN when there is one. */
export function ReplaySetupHelp({ dsn, period }: { dsn: string | null; period: string }) {
  return (
    <EmptyState title={`No replays in ${period}`}>
      <div className="space-y-3 text-left">
        <p>
          Replays are recorded by the browser SDK&apos;s Session Replay integration. Add <code className="font-mono">Sentry.replayIntegration()</code> and set{" "}
          <code className="font-mono">replaysSessionSampleRate</code> (a share of all sessions) and <code className="font-mono">replaysOnErrorSampleRate</code> (sessions with an error). The SDK masks
          all text and inputs by default.
        </p>
        <CodeBlock code={replaySetupSnippet(dsn)} label="the Session Replay set-up" />
      </div>
    </EmptyState>
  );
}
