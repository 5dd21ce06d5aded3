/** `{protocol}://{publicKey}@{host}{path}/{projectId}` — the SDK appends /api/{projectId}/envelope/ to host+path. */
export function buildDsn(publicUrl: string, publicKey: string, projectId: number): string {
  const url = new URL(publicUrl);
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.protocol}//${publicKey}@${url.host}${path}/${projectId}`;
}

export interface ParsedDsn {
  publicKey: string;
  projectId: number;
  host: string;
}

const dsnPattern = /^(https?):\/\/(\w+)(?::\w*)?@([^/]+)(\/.*)?\/(\d+)$/;

/** Parses a DSN as the JavaScript SDK does; null when it is not one. */
export function parseDsn(dsn: string): ParsedDsn | null {
  const match = dsnPattern.exec(dsn.trim());
  if (!match) return null;
  return { publicKey: match[2]!, host: match[3]!, projectId: Number(match[5]) };
}

/** Whether two DSNs name the same key, host and project; SDKs drop the (deprecated) secret when they write one out. */
export function isSameDsn(left: string, right: string): boolean {
  const a = parseDsn(left);
  const b = parseDsn(right);
  return a !== null && b !== null && a.publicKey === b.publicKey && a.host === b.host && a.projectId === b.projectId;
}
