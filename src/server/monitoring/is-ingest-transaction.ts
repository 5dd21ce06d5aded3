/**
 * Requests to the ingest paths must never be traced by Lantern's own SDK: each traced request would
 * send a transaction through /monitoring, which would be traced in turn, without end.
 */
const ingestTransaction = /^(?:[A-Z]+ )?\/(?:monitoring|api\/(?:\[projectId\]|\d+)\/[a-z-]+)\/?(?:\?|$)/;

export function isIngestTransaction(name: string): boolean {
  return ingestTransaction.test(name);
}
