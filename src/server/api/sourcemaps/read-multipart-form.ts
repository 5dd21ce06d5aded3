import { AppError } from "../../errors";
import { readCappedBody } from "../read-capped-body";

/**
 * A multipart/form-data body read whole under a byte cap, then parsed by the platform's own parser (undici's,
 * behind `Response.formData()`): nothing is parsed before the cap holds. An empty body is an empty form.
 */
export async function readMultipartForm(request: Request, maxBytes: number, what: string): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const body = await readCappedBody(request, maxBytes, what);
  if (body.byteLength === 0) return new FormData();
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError("bad_request", `${what} must be multipart/form-data.`);
  try {
    return await new Response(new Blob([new Uint8Array(body)]), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("bad_request", `${what} is not valid multipart/form-data.`);
  }
}
