import type { Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { LanternDatabase } from "../db/create-database";
import type { Database, NewIntakeRow } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import type { RawBodyEncoding } from "./raw-body";

/**
 * An intake row with its raw envelope, which is stored in `intake_bodies`: compressed by ingest
 * (intake/raw-body), or as it is ("identity", the default, as every body before migration 0010 was).
 */
export type NewIntakeEnvelope = NewIntakeRow & { body: Uint8Array; encoding?: RawBodyEncoding };

/**
 * Inserts envelopes into the intake, inside the caller's transaction, and returns their ids in the order
 * given. Both dialects number the rows of one multi-row INSERT in the order of its VALUES (SQLite under
 * its write lock, PostgreSQL from the identity sequence), so the returned ids, sorted, line up with them.
 */
export async function insertIntakeEnvelopes(trx: Kysely<Database>, envelopes: NewIntakeEnvelope[]): Promise<number[]> {
  const ids: number[] = [];
  // Statements of bounded size: SQLite allows ~32k parameters per statement.
  for (const chunk of chunks(envelopes, 100)) {
    const inserted = await trx
      .insertInto("intake")
      .values(chunk.map(withoutBody))
      .returning("id")
      .execute();
    const chunkIds = inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
    await trx
      .insertInto("intake_bodies")
      .values(chunk.map((envelope, index) => ({ intake_id: chunkIds[index]!, body: envelope.body, encoding: envelope.encoding ?? "identity" })))
      .execute();
    ids.push(...chunkIds);
  }
  return ids;
}

/**
 * Intake rows joined to their raw envelopes (`intake_bodies`), for the few reads that need the body. Select
 * `encoding` and `body_bytes` with `body`: decodeRawBody (intake/raw-body) turns the three into the envelope.
 */
export function selectIntakeWithBodies(db: Kysely<Database>) {
  return db.selectFrom("intake").innerJoin("intake_bodies", "intake_bodies.intake_id", "intake.id");
}

function withoutBody(envelope: NewIntakeEnvelope): NewIntakeRow {
  const row: NewIntakeRow & { body?: Uint8Array; encoding?: RawBodyEncoding } = { ...envelope };
  delete row.body;
  delete row.encoding;
  return row;
}

interface Waiting {
  row: NewIntakeEnvelope;
  done: (error?: unknown) => void;
}

const maxRowsPerCommit = 500;
const maxBytesPerCommit = 64 * 1024 * 1024;

/**
 * Group commit: every envelope that arrives while a transaction is being written waits for the next one,
 * so concurrent requests share a commit and SQLite's single writer stops being the bottleneck. A caller's
 * promise resolves only after its row is committed — that is what makes the 200 durable.
 */
export class IntakeWriter {
  private queue: Waiting[] = [];
  private isWriting = false;

  constructor(
    private readonly database: LanternDatabase,
    private readonly onCommit: (rows: number) => void = () => {},
  ) {}

  append(row: NewIntakeEnvelope): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, done: (error) => (error ? reject(error) : resolve()) });
      if (!this.isWriting) setImmediate(() => void this.writeQueued());
    });
  }

  private async writeQueued(): Promise<void> {
    if (this.isWriting || this.queue.length === 0) return;
    this.isWriting = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.takeBatch();
        try {
          await this.commit(batch);
          for (const waiting of batch) waiting.done();
          this.onCommit(batch.length);
        } catch (error) {
          if (batch.length === 1) batch[0]!.done(error);
          // One bad row (a project deleted while its key was still cached) must not fail the others: each
          // is written on its own, and only the ones refused again see the error.
          else for (const waiting of batch) await this.commitAlone(waiting);
        }
      }
    } finally {
      this.isWriting = false;
    }
  }

  private async commit(batch: Waiting[]): Promise<void> {
    await writeTransaction(this.database, (trx) => insertIntakeEnvelopes(trx, batch.map((waiting) => waiting.row)));
  }

  private async commitAlone(waiting: Waiting): Promise<void> {
    try {
      await this.commit([waiting]);
      waiting.done();
      this.onCommit(1);
    } catch (error) {
      waiting.done(error);
    }
  }

  private takeBatch(): Waiting[] {
    let bytes = 0;
    let count = 0;
    while (count < this.queue.length && count < maxRowsPerCommit) {
      bytes += this.queue[count]!.row.body.length;
      count += 1;
      if (bytes >= maxBytesPerCommit) break;
    }
    return this.queue.splice(0, count);
  }
}
