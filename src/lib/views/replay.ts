/** One session replay as lists, the player page, the API and the MCP tools show it. */
export interface ReplayView {
  /** 32 lowercase hex digits. */
  id: string;
  projectId: number;
  projectSlug: string;
  /** ms since the epoch. */
  startedAt: number;
  finishedAt: number;
  durationMs: number;
  urls: string[];
  errorIds: string[];
  traceIds: string[];
  countErrors: number;
  countUrls: number;
  countSegments: number;
  countClicks: number;
  countDeadClicks: number;
  countRageClicks: number;
  user: { id: string | null; email: string | null; username: string | null; ipAddress: string | null; name: string | null; display: string };
  browser: { name: string | null; version: string | null };
  os: { name: string | null; version: string | null };
  device: { name: string | null; brand: string | null; model: string | null; family: string | null };
  release: string | null;
  environment: string | null;
  dist: string | null;
  platform: string;
  sdk: { name: string | null; version: string | null };
  /** session | buffer */
  replayType: string;
  hasVideo: boolean;
  storedBytes: number;
  /** Why segments were not kept ("Segment 7 was refused: …"). */
  dropped: string[];
}
