/** Types of realistic-envelope.mjs, for the TypeScript benchmarks. */
export function realisticEnvelope(dsn: string, eventId?: string): Buffer;
