import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/**
 * A web page on its own origin (127.0.0.1 on a random port, never Lantern's) that runs the real, unmodified
 * `@sentry/browser` from node_modules: the test's entry source is bundled into an IIFE with esbuild's JS
 * API at test time and served next to a small HTML page. The page also answers `GET /api/ping`, so the SDK
 * can record a fetch to its own origin as a breadcrumb.
 */
export interface BrowserSdkPage {
  /** The page's origin, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** The page itself. */
  url: string;
  /** Paths (with query) of the `/api/ping` requests the page made. */
  pings: string[];
  close(): Promise<void>;
}

export interface BrowserSdkPageOptions {
  /** An ES module that imports `@sentry/browser`; it reads its settings from `window.lanternTestConfig`. */
  entrySource: string;
  /** The page's body markup (buttons the entry wires up, a status line…). */
  bodyHtml: string;
  /** Serialised into `window.lanternTestConfig` before the bundle runs. */
  config: Record<string, unknown>;
  title?: string;
}

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const bundles = new Map<string, Promise<string>>();

/** Bundles an entry (with its imports from node_modules) into one browser script; the same entry is bundled once per worker. */
export function bundleBrowserEntry(entrySource: string): Promise<string> {
  let bundle = bundles.get(entrySource);
  if (!bundle) {
    bundle = build({
      stdin: { contents: entrySource, resolveDir: repositoryRoot, sourcefile: "browser-sdk-entry.js", loader: "js" },
      bundle: true,
      format: "iife",
      platform: "browser",
      target: "es2020",
      conditions: ["production"],
      define: { "process.env.NODE_ENV": '"production"' },
      minify: false,
      write: false,
      logLevel: "silent",
    }).then((result) => {
      const output = result.outputFiles[0];
      if (!output) throw new Error("esbuild produced no bundle");
      return output.text;
    });
    bundles.set(entrySource, bundle);
  }
  return bundle;
}

export async function startBrowserSdkPage(options: BrowserSdkPageOptions): Promise<BrowserSdkPage> {
  const bundle = await bundleBrowserEntry(options.entrySource);
  // `<` escaped so that no configured string can close the script element.
  const config = JSON.stringify(options.config).replace(/</g, "\\u003c");
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>${options.title ?? "Browser SDK test page"}</title>
    <link rel="icon" href="data:,">
  </head>
  <body>
${options.bodyHtml}
    <script>window.lanternTestConfig = ${config};</script>
    <script src="/sdk-bundle.js"></script>
  </body>
</html>
`;
  const pings: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://page.internal");
    if (request.method === "GET" && url.pathname === "/") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      response.end(html);
    } else if (request.method === "GET" && url.pathname === "/sdk-bundle.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      response.end(bundle);
    } else if (request.method === "GET" && url.pathname === "/api/ping") {
      pings.push(`${url.pathname}${url.search}`);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ pong: true }));
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
    }
  });
  await listen(server);
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: `${origin}/`,
    pings,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** Port 0: the kernel picks a free ephemeral port (32768 and up here, far from the 3000–3300 range). */
function listen(server: Server): Promise<void> {
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => done());
  });
}
