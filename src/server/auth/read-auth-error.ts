import { isAPIError } from "better-auth/api";

/** better-auth's refusal code (INVALID_TOKEN, INVALID_PASSWORD, …) when `error` is one of its APIErrors; null otherwise. */
export function readAuthErrorCode(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : String(error.status);
}
