/** Ready-to-paste SDK set-ups. The only Lantern-specific part is the DSN. */
export interface SdkSnippet {
  platform: string;
  title: string;
  install: string;
  code: string;
}

export function sdkSnippets(dsn: string): SdkSnippet[] {
  return [
    {
      platform: "javascript-nextjs",
      title: "Next.js",
      install: "npm install @sentry/nextjs",
      code: `// instrumentation-client.ts and sentry.server.config.ts
import * as Sentry from "@sentry/nextjs";

Sentry.init({
  dsn: "${dsn}",
  tracesSampleRate: 0.1,
});`,
    },
    {
      platform: "javascript-react",
      title: "React",
      install: "npm install @sentry/react",
      code: `import * as Sentry from "@sentry/react";

Sentry.init({ dsn: "${dsn}" });`,
    },
    {
      platform: "javascript",
      title: "Browser JavaScript",
      install: "npm install @sentry/browser",
      code: `import * as Sentry from "@sentry/browser";

Sentry.init({ dsn: "${dsn}" });`,
    },
    {
      platform: "node",
      title: "Node.js",
      install: "npm install @sentry/node",
      code: `// instrument.mjs — load it first: node --import ./instrument.mjs app.mjs
import * as Sentry from "@sentry/node";

Sentry.init({ dsn: "${dsn}" });`,
    },
    {
      platform: "python",
      title: "Python",
      install: "pip install sentry-sdk",
      code: `import sentry_sdk

sentry_sdk.init(dsn="${dsn}")`,
    },
    {
      platform: "go",
      title: "Go",
      install: "go get github.com/getsentry/sentry-go",
      code: `err := sentry.Init(sentry.ClientOptions{
    Dsn: "${dsn}",
})`,
    },
  ];
}
