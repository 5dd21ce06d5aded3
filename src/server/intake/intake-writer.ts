import type { LanternDatabase } from "../db/create-database";
import type { NewIntakeRow } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";

interface Waiting {
  row: NewIntakeRow;
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

  append(row: NewIntakeRow): Promise<void> {
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
    await writeTransaction(this.database, async (trx) => {
      // Statements of bounded size: SQLite allows ~32k parameters per statement.
      for (let start = 0; start < batch.length; start += 100) {
        await trx.insertInto("intake").values(batch.slice(start, start + 100).map((waiting) => waiting.row)).execute();
      }
    });
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
