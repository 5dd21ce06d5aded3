import type { AccessContext } from "../access/authorize";
import type { LogSearch } from "./parse-log-search";
import { tailLogs } from "./tail-logs";

export interface LogTailOptions {
  afterId: number;
  /** Aborted when the browser goes away: the loop stops and the stream closes. */
  signal: AbortSignal;
  pollMs?: number;
  /** A connection lives at most this long; the browser's EventSource then reconnects from its last id, re-authorized. */
  maxConnectionMs?: number;
}

export const tailPollMs = 500;
export const maxTailConnectionMs = 5 * 60_000;

/**
 * The live tail as Server-Sent Events: every `pollMs` the lines after the cursor that match the search
 * (tailLogs: access-scoped), sent as one `lines` event whose id is the new cursor, so a reconnecting
 * EventSource resumes where it was (Last-Event-ID). A comment every poll without lines keeps proxies from
 * timing the connection out. The connection ends after `maxConnectionMs` or when the client aborts.
 */
export function streamLogTail(context: AccessContext, search: LogSearch, options: LogTailOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pollMs = options.pollMs ?? tailPollMs;
  const deadline = Date.now() + (options.maxConnectionMs ?? maxTailConnectionMs);
  let cursor = options.afterId;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const close = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      options.signal.addEventListener("abort", close, { once: true });
      controller.enqueue(encoder.encode(`retry: 1000\nid: ${cursor}\nevent: ready\ndata: ${cursor}\n\n`));
      const poll = async () => {
        timer = null;
        if (options.signal.aborted) return;
        if (Date.now() > deadline) return close();
        try {
          const { rows, lastId } = await tailLogs(context, search, { afterId: cursor, withAttributes: true });
          if (options.signal.aborted) return;
          cursor = lastId;
          controller.enqueue(encoder.encode(rows.length > 0 ? `id: ${cursor}\nevent: lines\ndata: ${JSON.stringify(rows)}\n\n` : `: ${cursor}\n\n`));
        } catch (error) {
          controller.enqueue(encoder.encode(`event: failure\ndata: ${JSON.stringify(error instanceof Error && "code" in error ? error.message : "The live tail stopped.")}\n\n`));
          return close();
        }
        timer = setTimeout(() => void poll(), pollMs);
      };
      timer = setTimeout(() => void poll(), 0);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  });
}
