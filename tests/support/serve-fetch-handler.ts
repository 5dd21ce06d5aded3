import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ServedHandler {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves a route handler (Request → Response, as Next calls it) over real HTTP on a random loopback port,
 * so a real client (an SDK, fetch) talks to it without a Next build.
 */
export async function serveFetchHandler(handler: (request: Request) => Promise<Response>, publicUrl = "http://lantern.test"): Promise<ServedHandler> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const headers = new Headers(Object.entries(incoming.headers).flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : [])));
      const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
      const request = new Request(`${publicUrl}${incoming.url}`, { method: incoming.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
      handler(request).then(
        async (response) => {
          outgoing.writeHead(response.status, Object.fromEntries(response.headers));
          outgoing.end(Buffer.from(await response.arrayBuffer()));
        },
        (error: unknown) => {
          outgoing.writeHead(500).end(String(error));
        },
      );
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close").catch(() => undefined);
    },
  };
}
