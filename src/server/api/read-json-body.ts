import { AppError } from "../errors";

/** API request bodies are a few fields; anything near this is not one. */
export const maxApiBodyBytes = 64 * 1024;

/**
 * The request's JSON body, read up to the cap (413 beyond it, before parsing); an empty body is `{}`,
 * as Sentry treats it. Invalid JSON is a 400.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxApiBodyBytes) throw new AppError("payload_too_large", `The body is larger than ${maxApiBodyBytes} bytes.`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxApiBodyBytes) {
        await reader.cancel();
        throw new AppError("payload_too_large", `The body is larger than ${maxApiBodyBytes} bytes.`);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_request", "The body is not valid JSON.");
  }
}
