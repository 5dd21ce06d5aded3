import { request } from "node:http";
import { text } from "node:stream/consumers";

export interface RequestFrom {
  url: string;
  /** The address the connection leaves from (any 127.x.y.z is this machine), so one test plays several hosts. */
  localAddress?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** One real HTTP request from a chosen local address (fetch cannot choose it); answers status and body. */
export function requestFrom(options: RequestFrom): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(options.url, { method: options.method ?? "POST", headers: options.headers, localAddress: options.localAddress }, (response) => {
      text(response).then((body) => resolve({ status: response.statusCode ?? 0, body }), reject);
    });
    outgoing.once("error", reject);
    outgoing.end(options.body);
  });
}
