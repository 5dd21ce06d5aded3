/**
 * Ready-to-paste SDK set-ups, as each SDK's own documentation writes them. The only Lantern-specific part
 * is the DSN; everything else is the official SDK, unchanged.
 */
export type SnippetLanguage = "typescript" | "javascript" | "python" | "go" | "shell";

export interface SdkSnippetStep {
  title: string;
  /** The file the code goes into, relative to the project root. */
  file?: string;
  language: SnippetLanguage;
  code: string;
  /** One or two sentences of why or when. */
  note?: string;
}

export interface SdkSnippet {
  platform: string;
  title: string;
  /** The shell command that installs the SDK. */
  install: string;
  /** Where `code` goes. */
  file: string;
  language: SnippetLanguage;
  /** The SDK's initialisation, with the DSN. */
  code: string;
  /** Further steps: the server side of a framework, the tunnel, flushing before exit. */
  steps: SdkSnippetStep[];
  /** The SDK's own documentation. */
  docsUrl: string;
}

/** The path Next.js apps commonly tunnel through; any path the app does not use otherwise works. */
export const nextjsTunnelRoute = "/monitoring";

export function sdkSnippets(dsn: string): SdkSnippet[] {
  const quoted = JSON.stringify(dsn);
  return [
    {
      platform: "javascript-nextjs",
      title: "Next.js",
      install: "npm install @sentry/nextjs",
      file: "instrumentation-client.ts",
      language: "typescript",
      code: `import * as Sentry from "@sentry/nextjs";

Sentry.init({
  dsn: ${quoted},
  tracesSampleRate: 0.1,
});

export const onRouterTransitionStart = Sentry.captureRouterTransitionStart;`,
      steps: [
        {
          title: "Server and edge runtimes",
          file: "instrumentation.ts",
          language: "typescript",
          code: `import * as Sentry from "@sentry/nextjs";

export function register() {
  Sentry.init({
    dsn: ${quoted},
    tracesSampleRate: 0.1,
  });
}

export const onRequestError = Sentry.captureRequestError;`,
        },
        {
          title: "Tunnel browser events through your app",
          file: "next.config.ts",
          language: "typescript",
          code: `import { withSentryConfig } from "@sentry/nextjs/config";
import type { NextConfig } from "next";

const nextConfig: NextConfig = {};

export default withSentryConfig(nextConfig, {
  tunnelRoute: "${nextjsTunnelRoute}",
});`,
          note: `Browsers then post events to ${nextjsTunnelRoute} on your own domain, which ad blockers leave alone, and your server forwards them to Lantern.`,
        },
        {
          title: "The tunnel's route handler",
          file: "app/sentry-tunnel/route.ts",
          language: "typescript",
          code: `export { POST } from "@sentry/nextjs/tunnel";`,
          note: "Required for Lantern: without this file the SDK tunnels only sentry.io DSNs. Put it in app/ or src/app/, outside any route group; it forwards envelopes whose DSN is the server SDK's, so initialise the server with the same DSN as the browser.",
        },
      ],
      docsUrl: "https://docs.sentry.io/platforms/javascript/guides/nextjs/manual-setup/",
    },
    {
      platform: "javascript-react",
      title: "React",
      install: "npm install @sentry/react",
      file: "src/main.tsx",
      language: "typescript",
      code: `import * as Sentry from "@sentry/react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

Sentry.init({ dsn: ${quoted} });

// React 19 reports errors through these hooks.
createRoot(document.getElementById("root")!, {
  onUncaughtError: Sentry.reactErrorHandler(),
  onCaughtError: Sentry.reactErrorHandler(),
  onRecoverableError: Sentry.reactErrorHandler(),
}).render(<App />);`,
      steps: [],
      docsUrl: "https://docs.sentry.io/platforms/javascript/guides/react/",
    },
    {
      platform: "javascript",
      title: "Browser JavaScript",
      install: "npm install @sentry/browser",
      file: "src/main.js",
      language: "javascript",
      code: `import * as Sentry from "@sentry/browser";

Sentry.init({ dsn: ${quoted} });`,
      steps: [],
      docsUrl: "https://docs.sentry.io/platforms/javascript/",
    },
    {
      platform: "node",
      title: "Node.js",
      install: "npm install @sentry/node",
      file: "instrument.mjs",
      language: "javascript",
      code: `import * as Sentry from "@sentry/node";

Sentry.init({ dsn: ${quoted} });`,
      steps: [
        {
          title: "Load it before your app",
          language: "shell",
          code: `node --import ./instrument.mjs app.mjs`,
          note: "Loading the SDK first lets it instrument the modules your app imports. A script that exits by itself should await Sentry.flush() before it ends.",
        },
      ],
      docsUrl: "https://docs.sentry.io/platforms/javascript/guides/node/",
    },
    {
      platform: "python",
      title: "Python",
      install: "pip install sentry-sdk",
      file: "main.py",
      language: "python",
      code: `import sentry_sdk

sentry_sdk.init(dsn=${quoted})`,
      steps: [],
      docsUrl: "https://docs.sentry.io/platforms/python/",
    },
    {
      platform: "go",
      title: "Go",
      install: "go get github.com/getsentry/sentry-go",
      file: "main.go",
      language: "go",
      code: `package main

import (
	"log"
	"time"

	"github.com/getsentry/sentry-go"
)

func main() {
	err := sentry.Init(sentry.ClientOptions{
		Dsn: ${quoted},
	})
	if err != nil {
		log.Fatalf("sentry.Init: %s", err)
	}
	// Send buffered events before the program exits.
	defer sentry.Flush(2 * time.Second)
}`,
      steps: [],
      docsUrl: "https://docs.sentry.io/platforms/go/",
    },
  ];
}
