import { AppError } from "../errors";
import { readCappedBody } from "./read-capped-body";

/** API request bodies are a few fields; anything near this is not one. */
export const maxApiBodyBytes = 64 * 1024;

/**
 * The request's JSON body, read up to the cap (413 beyond it, before parsing); an empty body is `{}`,
 * as Sentry treats it. Invalid JSON is a 400.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = (await readCappedBody(request, maxApiBodyBytes, "The body")).toString("utf8").trim();
  if (text === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_request", "The body is not valid JSON.");
  }
}
