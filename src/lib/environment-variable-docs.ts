/** The documentation of every variable of src/server/config.ts, shown in /docs/configuration. */
export const environmentVariableDocs = [
  { name: "PORT", defaultValue: "3000", meaning: "TCP port the server listens on." },
  { name: "HOST", defaultValue: "0.0.0.0", meaning: "Interface the server binds to." },
  { name: "DATABASE_URL", defaultValue: "file:./data/lantern.db", meaning: "file:/path/to/lantern.db for embedded SQLite, or postgres://user:password@host:5432/database to share one PostgreSQL database between instances." },
  { name: "LANTERN_URL", defaultValue: "http://localhost:PORT", meaning: "The public base URL of Lantern, used in DSNs and links." },
  { name: "LANTERN_SELF_MONITORING", defaultValue: "true", meaning: "Whether Lantern reports its own errors into its built-in Lantern project." },
  { name: "LANTERN_SELF_TRACES_SAMPLE_RATE", defaultValue: "0.1", meaning: "Share of Lantern's own page loads and requests traced (0 to 1)." },
  { name: "LANTERN_UPSTREAM_DSN", defaultValue: "(none)", meaning: "Send Lantern's own diagnostics to this DSN (another Lantern or Sentry) instead of its own project; /monitoring forwards them unchanged." },
  { name: "LANTERN_INGEST_MAX_COMPRESSED_BYTES", defaultValue: "20971520", meaning: "Largest request body accepted on the wire (20 MiB)." },
  { name: "LANTERN_INGEST_MAX_ENVELOPE_BYTES", defaultValue: "209715200", meaning: "Largest envelope after decompression (200 MiB, as Relay)." },
] as const;
