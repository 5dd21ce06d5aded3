import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import next from "next";
import type { LanternConfig } from "../src/server/config";

/** Serves the production build of `next build` with Next's request handler on a plain Node server. */
export async function startServer(config: LanternConfig): Promise<void> {
  const dir = fileURLToPath(new URL("..", import.meta.url));
  const app = next({ dev: false, dir, hostname: config.host, port: config.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  console.log(`lantern: serving ${config.publicUrl} (listening on ${config.host}:${config.port}, ${config.database.dialect})`);
  // Finish the requests in flight (each ingest commits before it answers), then exit; never wait forever.
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
