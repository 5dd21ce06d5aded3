/**
 * The line `lantern start` prints once it listens: where to open Lantern, and what the first visit does —
 * create the owner account on a new instance, or sign in once an account exists.
 */
export function startupMessage({ publicUrl, host, port, dialect, hasOwner }: { publicUrl: string; host: string; port: number; dialect: string; hasOwner: boolean }): string {
  const next = hasOwner ? `open ${publicUrl} and sign in` : `open ${publicUrl} to create the owner account (the first visit sets it up)`;
  return `lantern: serving ${publicUrl} (listening on ${host}:${port}, ${dialect}) — ${next}`;
}
