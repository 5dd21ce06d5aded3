import { AppError } from "../errors";

/**
 * The request's body, at most `maxBytes`: refused (413, with the reason) by its declared Content-Length
 * before reading, and by the bytes actually read — a client may send more than it declared, or no length.
 */
export async function readCappedBody(request: Request, maxBytes: number, what: string): Promise<Buffer> {
  const tooLarge = () => new AppError("payload_too_large", `${what} is larger than ${maxBytes} bytes.`);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks, size);
}
