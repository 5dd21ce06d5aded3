/** A backup or restore that cannot go ahead, with what the operator should do; the CLI prints it and exits 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}
