/** The two writers that share one SQLite file under `lantern start`: ingest's group commit and digest. */
export type WriteParty = "ingest" | "digest";

const held = 0;
const lastHolder = 1;
const ingestWaiting = 2;
const digestWaiting = 3;
const releases = 4;
const slots = 5;

const partyNumber: Record<WriteParty, number> = { ingest: 1, digest: 2 };
const waitingSlot: Record<WriteParty, number> = { ingest: ingestWaiting, digest: digestWaiting };
const otherParty: Record<WriteParty, WriteParty> = { ingest: "digest", digest: "ingest" };

interface GateTimings {
  /** Past this, a holder is presumed gone (a crashed thread) and the write goes ahead on SQLite's own lock. */
  giveUpAfterMs: number;
  /** A waiter looks again this often even without a notification (a waiter of the other party gave up). */
  recheckEveryMs: number;
}

const defaultTimings: GateTimings = { giveUpAfterMs: 5_000, recheckEveryMs: 100 };

/**
 * SQLite's write lock, taken in turn by the threads of one process before they `BEGIN IMMEDIATE`.
 * Without it a blocked writer polls in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15… ms between
 * tries and freezes its thread meanwhile: ingest's event loop stood still for up to 25 ms whenever digest
 * committed. Here a waiter awaits a shared-memory notification instead (`Atomics.waitAsync`), wakes the
 * moment the lock is released, and while it waits the thread goes on serving. Holders alternate when
 * both wait, so neither starves the other. It only orders writers: SQLite's lock still guards the data,
 * and a gate held too long (its thread died) is ignored.
 */
export class WriteGate {
  private readonly state: Int32Array;

  private constructor(
    readonly buffer: SharedArrayBuffer,
    private readonly party: WriteParty,
    private readonly timings: GateTimings,
  ) {
    this.state = new Int32Array(buffer);
  }

  /** A new gate; pass `buffer` to the other thread, which joins it with `WriteGate.join`. */
  static create(party: WriteParty, timings = defaultTimings): WriteGate {
    return new WriteGate(new SharedArrayBuffer(slots * Int32Array.BYTES_PER_ELEMENT), party, timings);
  }

  static join(buffer: SharedArrayBuffer, party: WriteParty, timings = defaultTimings): WriteGate {
    return new WriteGate(buffer, party, timings);
  }

  /** Runs `work` holding the gate (or without it, when it could not be had in time). */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    const isHeld = await this.acquire();
    try {
      return await work();
    } finally {
      if (isHeld) this.release();
    }
  }

  private async acquire(): Promise<boolean> {
    const { state, party } = this;
    const { giveUpAfterMs, recheckEveryMs } = this.timings;
    const deadline = Date.now() + giveUpAfterMs;
    Atomics.add(state, waitingSlot[party], 1);
    try {
      for (;;) {
        const seen = Atomics.load(state, releases);
        const mustGiveWay = Atomics.load(state, waitingSlot[otherParty[party]]) > 0 && Atomics.load(state, lastHolder) === partyNumber[party];
        if (!mustGiveWay && Atomics.compareExchange(state, held, 0, 1) === 0) {
          Atomics.store(state, lastHolder, partyNumber[party]);
          return true;
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        const wait = Atomics.waitAsync(state, releases, seen, Math.min(remaining, recheckEveryMs));
        if (wait.async) await wait.value;
      }
    } finally {
      Atomics.sub(state, waitingSlot[party], 1);
    }
  }

  private release(): void {
    Atomics.store(this.state, held, 0);
    Atomics.add(this.state, releases, 1);
    Atomics.notify(this.state, releases);
  }
}
