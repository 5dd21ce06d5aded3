import type { IncomingMessage } from "node:http";
import { clientAddressHeader, requestPathHeader } from "./client-headers";
import { resolveClientAddress } from "./resolve-client-address";

/**
 * Writes the headers Lantern's own server hands to Next with every request, over any the client sent: the
 * client's address (what the audit log records and sign-in throttling counts; empty when unknown) and the
 * path asked for, which a sign-in redirect returns to.
 */
export function setClientHeaders(request: IncomingMessage, trustedProxies: readonly string[]): void {
  request.headers[clientAddressHeader] = resolveClientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"], trustedProxies) ?? "";
  request.headers[requestPathHeader] = request.url ?? "/";
}
