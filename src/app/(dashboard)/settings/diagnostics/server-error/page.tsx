import { connection } from "next/server";

/** Fails on purpose, at request time, so the server-side fallback and its digest can be checked. */
export default async function ServerErrorDiagnosticPage(): Promise<never> {
  await connection();
  throw new Error(`Lantern diagnostics: server component failure at ${new Date().toISOString()}`);
}
