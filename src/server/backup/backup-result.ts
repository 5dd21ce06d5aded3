/** What `lantern backup` reports: the file written, its size, how long it took, and how it was made. */
export interface BackupResult {
  file: string;
  bytes: number;
  milliseconds: number;
  method: string;
}
