import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "@/server/config";
import { createIngestService, type IngestService } from "@/server/ingest/ingest-service";
import { matchIngestEndpoint, serveNodeIngest } from "@/server/ingest/serve-node-ingest";
import type { LanternDatabase } from "@/server/db/create-database";

export interface IngestServer {
  url: string;
  port: number;
  service: IngestService;
  close(): Promise<void>;
}

/**
 * The ingest half of `lantern start` — the same plain Node server and the same handler that answer
 * /api/{id}/envelope/, /api/{id}/store/ and /monitoring in production — on a random port and a test
 * database, without Next (which needs a production build). Other paths answer 404.
 */
export async function startIngestServer(database: LanternDatabase, environment: Record<string, string> = {}, options: { isDigesting?: boolean } = {}): Promise<IngestServer> {
  const service = await createIngestService(database, loadConfig(environment), { isDigesting: options.isDigesting ?? true });
  const server: Server = createServer((request, response) => {
    const endpoint = matchIngestEndpoint(request.url ?? "/");
    if (endpoint) void serveNodeIngest(service, endpoint, request, response);
    else response.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    service,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await service.digest.stop();
    await service.alerts.stop();
      await service.logAlerts.stop();
      await service.monitors.stop();
      await service.uptime.stop();
    },
  };
}
