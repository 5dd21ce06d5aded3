import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

const holder = globalThis as typeof globalThis & { lanternInstanceId?: string };

/**
 * This process's name in `leases.holder`: host and pid say which instance holds a job (operators, and the
 * multi-instance test, which kills the holder), the random part tells a restarted process with a reused pid
 * from its predecessor. On globalThis: the plain server and Next's bundles are separate module instances.
 */
export function instanceId(): string {
  holder.lanternInstanceId ??= `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  return holder.lanternInstanceId;
}
