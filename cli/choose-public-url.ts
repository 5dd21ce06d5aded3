import type { LanternDatabase } from "../src/server/db/create-database";
import { readRecordedServerUrl, type RecordedServerUrl } from "../src/server/instance/recorded-server-url";

export interface PublicUrlChoice {
  url: string;
  /** One line for stderr: which URL and why, so stdout stays only the DSNs. */
  note: string;
  /** When this shell's own settings name another URL than the running server's. */
  warning: string | null;
}

interface ChoosePublicUrlInput {
  /** What the printed URLs are, for the messages: "DSNs", "Links". */
  purpose: string;
  /** LANTERN_URL and PORT as this process has them (environment and .env files), unparsed. */
  environment: Record<string, string | undefined>;
  /** The URL this process's configuration makes of them (LANTERN_URL, else http://localhost:$PORT). */
  configuredUrl: string;
  recorded: RecordedServerUrl | null;
}

/**
 * The base URL the CLI prints DSNs and links with. A CLI run in another shell than the server's rarely
 * has its PORT, so an explicit LANTERN_URL wins, then the URL the running server recorded in the
 * database at start, and only then the default.
 */
export function choosePublicUrl({ purpose, environment, configuredUrl, recorded }: ChoosePublicUrlInput): PublicUrlChoice {
  const port = environment.PORT?.trim() || undefined;
  const started = recorded ? `the server started at ${formatUtc(recorded.recordedAt)}` : "";
  if (environment.LANTERN_URL?.trim()) {
    const warning =
      recorded && !isSameUrl(recorded.url, configuredUrl)
        ? `lantern: warning: ${started} serves ${recorded.url}, not LANTERN_URL's ${configuredUrl}; unset LANTERN_URL here to print the server's.`
        : null;
    return { url: configuredUrl, note: `lantern: ${purpose} use ${configuredUrl} — LANTERN_URL set here.`, warning };
  }
  if (recorded) {
    const warning =
      port && !isSameUrl(recorded.url, configuredUrl)
        ? `lantern: warning: PORT=${port} here would make ${configuredUrl}, but ${started} serves ${recorded.url}; printing the server's.`
        : null;
    return { url: recorded.url, note: `lantern: ${purpose} use ${recorded.url} — recorded by ${started}; set LANTERN_URL to override.`, warning };
  }
  const origin = port ? `PORT=${port} set here` : "the default";
  return {
    url: configuredUrl,
    note: `lantern: ${purpose} use ${configuredUrl} — ${origin}; no server has recorded its URL in this database yet. Set LANTERN_URL to the address your SDKs reach.`,
    warning: null,
  };
}

/** Reads what the server recorded, prints the choice on stderr and returns the URL. */
export async function resolvePublicUrl(database: LanternDatabase, purpose: string, configuredUrl: string, environment: NodeJS.ProcessEnv = process.env): Promise<string> {
  const choice = choosePublicUrl({ purpose, environment, configuredUrl, recorded: await readRecordedServerUrl(database.db) });
  console.error(choice.note);
  if (choice.warning) console.error(choice.warning);
  return choice.url;
}

function isSameUrl(left: string, right: string): boolean {
  const normalize = (url: string) => new URL(url).href.replace(/\/+$/, "");
  return normalize(left) === normalize(right);
}

function formatUtc(at: number): string {
  return `${new Date(at).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
