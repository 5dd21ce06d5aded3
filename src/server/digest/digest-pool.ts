import { Worker, type ResourceLimits } from "node:worker_threads";
import type { Digest, IntakeForDigest } from "./digest-intake";
import { mergeDigests } from "./digest-intake";
import { emptyDigestRows } from "./digest-envelope";

/** What a pool thread answers for one part of a batch. */
export type FromPoolThread = { id: number; digest: Digest } | { id: number; error: string };
/** What a pool thread is asked: digest these envelopes. */
export type ToPoolThread = { id: number; intake: IntakeForDigest[] };

export interface DigestPoolOptions {
  /** Threads that run digest's CPU steps, this one included (LANTERN_DIGEST_WORKERS); the pool starts threads - 1. */
  threads: number;
  /** The pool thread's entry (cli/digest-pool-entry.mjs, or dist/'s in a build). */
  entry: URL;
  /** Passed to each pool thread (its database settings, its source-map cache size). */
  workerData: unknown;
  resourceLimits?: ResourceLimits;
  /** Told whenever a part of a batch goes to a pool thread (tests that end a thread mid-batch). */
  onDispatch?: (worker: Worker, intake: IntakeForDigest[]) => void;
}

interface PoolThread {
  worker: Worker;
  /** The part this thread is digesting; failed when the thread ends before answering. */
  pending: Map<number, { resolve: (digest: Digest) => void; reject: (error: Error) => void }>;
}

class ThreadEnded extends Error {}

/**
 * Digest's CPU steps on every core: a batch is split into equal parts, one digested on the calling thread
 * (the writer), the others on pool threads, each with a database connection of its own for reads; only the
 * rows come back, and the caller writes them in one transaction. Nothing is marked digested before that
 * commit, so a thread that dies loses no envelope: its part is digested again, envelope by envelope on
 * fresh threads, and an envelope that ends a thread twice is recorded as failed instead of ending it again.
 */
export class DigestPool {
  private readonly threads: PoolThread[] = [];
  private nextId = 1;
  private isClosed = false;

  constructor(
    private readonly digestHere: (intake: IntakeForDigest[]) => Promise<Digest>,
    private readonly options: DigestPoolOptions,
  ) {
    for (let index = 1; index < options.threads; index++) this.threads.push(this.startThread());
  }

  /** How many threads digest, this one included. */
  get size(): number {
    return this.threads.length + 1;
  }

  async digest(intake: IntakeForDigest[]): Promise<Digest> {
    if (this.threads.length === 0 || intake.length < 2) return this.digestHere(intake);
    const parts = splitEvenly(intake, Math.min(this.size, intake.length));
    const [local, ...remote] = parts;
    const digests = await Promise.all([this.digestHere(local!), ...remote.map((part, index) => this.digestOnThread(index, part))]);
    return mergeDigests(digests);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private async digestOnThread(index: number, intake: IntakeForDigest[]): Promise<Digest> {
    try {
      return await this.send(index, intake);
    } catch (error) {
      if (!(error instanceof ThreadEnded)) throw error;
    }
    // The thread ended with this part: each envelope again on its own, so one that ends threads is found.
    const digests: Digest[] = [];
    for (const row of intake) {
      try {
        digests.push(await this.send(index, [row]));
      } catch (error) {
        if (!(error instanceof ThreadEnded)) throw error;
        digests.push({ rows: emptyDigestRows(), clean: [], failed: [{ id: row.id, problems: `digest ended its thread twice on this envelope (${error.message}); it was not digested` }], usedBundles: [] });
      }
    }
    return mergeDigests(digests);
  }

  private send(index: number, intake: IntakeForDigest[]): Promise<Digest> {
    if (this.isClosed) return Promise.reject(new Error("the digest pool is closed"));
    const thread = this.threads[index]!;
    const id = this.nextId++;
    return new Promise<Digest>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, intake } satisfies ToPoolThread);
      this.options.onDispatch?.(thread.worker, intake);
    });
  }

  private startThread(): PoolThread {
    const worker = new Worker(this.options.entry, { workerData: this.options.workerData, ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}) });
    const thread: PoolThread = { worker, pending: new Map() };
    worker.on("message", (message: FromPoolThread) => {
      const waiting = thread.pending.get(message.id);
      if (!waiting) return;
      thread.pending.delete(message.id);
      if ("error" in message) waiting.reject(new Error(message.error));
      else waiting.resolve(reviveBuffers(message.digest));
    });
    // An uncaught error ends the thread too; "exit" follows it, where the part is handed back.
    worker.on("error", (error) => console.error("lantern: a digest pool thread failed", error));
    worker.on("exit", (code) => {
      const index = this.threads.indexOf(thread);
      if (index >= 0 && !this.isClosed) this.threads[index] = this.startThread();
      for (const waiting of thread.pending.values()) waiting.reject(new ThreadEnded(`the thread exited with code ${code}`));
      thread.pending.clear();
    });
    return thread;
  }
}

function splitEvenly<T>(items: T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, index) => items.slice(index * size, (index + 1) * size)).filter((part) => part.length > 0);
}

/**
 * Byte columns cross threads as plain Uint8Arrays (structured clone drops Buffer's prototype), and the
 * database drivers bind only Buffers as blobs: give them back their Buffer view, without a copy.
 */
function reviveBuffers(digest: Digest): Digest {
  const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  for (const { row } of digest.rows.events) if (row.payload) row.payload = asBuffer(row.payload as Uint8Array);
  for (const attachment of digest.rows.attachments) attachment.body = asBuffer(attachment.body as Uint8Array);
  for (const item of digest.rows.storedItems) item.payload = asBuffer(item.payload as Uint8Array);
  for (const segment of digest.rows.replaySegments) segment.body = asBuffer(segment.body);
  for (const scrubbed of digest.rows.scrubbedBodies) scrubbed.body = asBuffer(scrubbed.body);
  return digest;
}
