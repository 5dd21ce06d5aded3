import type { ComponentType } from "react";
import type { DocContentProps } from "./doc-content-props";
import type { DocSection } from "./doc-section";
import { AiAgents, aiAgentsSections } from "./ai-agents";
import { Alerts, alertsSections } from "./alerts";
import { Api, apiSections } from "./api";
import { Configuration } from "./configuration";
import { DigestLookup, digestLookupSections } from "./digest-lookup";
import { GettingStarted, gettingStartedSections } from "./getting-started";
import { Grouping, groupingSections } from "./grouping";
import { Logs, logsSections } from "./logs";
import { Nextjs, nextjsSections } from "./nextjs";
import { Roles } from "./roles";
import { SelfMonitoring } from "./self-monitoring";
import { SingleSignOn, singleSignOnSections } from "./single-sign-on";
import { SourceMaps, sourceMapsSections } from "./source-maps";

export interface DocPage {
  slug: string[];
  title: string;
  summary: string;
  Content: ComponentType<DocContentProps>;
  /** The page shows set-up code with a project's DSN: the server loads one the viewer may see (?project=). */
  showsProjectDsn?: boolean;
  /** A long page's sections, listed under its title as a table of contents. */
  sections?: DocSection[];
}

export const docPages: DocPage[] = [
  { slug: ["getting-started"], title: "Getting started", summary: "Run Lantern, create a project, point each SDK at it.", Content: GettingStarted, sections: gettingStartedSections },
  { slug: ["getting-started", "nextjs"], title: "Getting started with Next.js", summary: "The files Sentry's wizard writes, with Lantern's DSN; tunnelRoute, digests, and what to check when nothing arrives.", Content: Nextjs, sections: nextjsSections, showsProjectDsn: true },
  { slug: ["configuration"], title: "Configuration", summary: "Every environment variable and its default.", Content: Configuration },
  { slug: ["guides", "grouping"], title: "Grouping and issues", summary: "How events become issues, project rules, and issue states.", Content: Grouping, sections: groupingSections },
  { slug: ["guides", "self-monitoring"], title: "Self-monitoring", summary: "How Lantern reports its own errors through /monitoring.", Content: SelfMonitoring },
  { slug: ["guides", "single-sign-on"], title: "Single sign-on", summary: "Sign in through an OpenID Connect provider; the redirect URI to register.", Content: SingleSignOn, sections: singleSignOnSections },
  { slug: ["guides", "digest-lookup"], title: "Looking up a digest", summary: "Open the server event behind the “Digest:” line of a Next.js error page.", Content: DigestLookup, sections: digestLookupSections },
  { slug: ["guides", "source-maps"], title: "Source maps", summary: "Readable stack traces from minified JavaScript: sentry-cli, withSentryConfig, the Vite and webpack plugins, CI tokens, and why a frame stayed minified.", Content: SourceMaps, sections: sourceMapsSections, showsProjectDsn: true },
  { slug: ["guides", "alerts"], title: "Alerts", summary: "Alert rules, who gets e-mail, Slack, Discord, Teams and webhook channels, verifying a webhook, retries, and rules as code with the API or Terraform.", Content: Alerts, sections: alertsSections, showsProjectDsn: true },
  { slug: ["guides", "logs"], title: "Logs", summary: "Send log lines from Sentry's SDKs and OpenTelemetry, search them, and see them beside traces and errors.", Content: Logs, sections: logsSections, showsProjectDsn: true },
  { slug: ["guides", "ai-agents"], title: "AI agents", summary: "Connect Claude Code, Cursor, VS Code or Sentry's MCP server to Lantern over MCP; the tools; Copy for LLMs.", Content: AiAgents, sections: aiAgentsSections },
  { slug: ["guides", "roles"], title: "Roles and access", summary: "Owners, admins, members and tokens: who may do what, operation by operation.", Content: Roles },
  { slug: ["api"], title: "API", summary: "Sentry-compatible /api/0/: tokens, issues, events and keys for scripts.", Content: Api, sections: apiSections },
];

export function findDocPage(slug: string[]): DocPage | undefined {
  const path = slug.join("/");
  return docPages.find((page) => page.slug.join("/") === path);
}
