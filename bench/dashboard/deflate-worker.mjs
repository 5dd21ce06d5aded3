// Worker of DeflatePool (deflate.mjs): assembles a batch of payloads, answers with one transferred buffer.
import { parentPort } from "node:worker_threads";
import { assemble, compressPiece } from "./deflate.mjs";

const templates = new Map();

parentPort.on("message", ({ id, templates: added, keys, text }) => {
  for (const [key, parts] of added) templates.set(key, parts.map((part) => part && { chunk: Buffer.from(part.chunk.buffer, part.chunk.byteOffset, part.chunk.byteLength), adler: part.adler, length: part.length }));
  const texts = text.split("\u0000");
  let next = 0;
  const payloads = keys.map((key) => assemble(templates.get(key).map((part) => part ?? compressPiece(texts[next++]))));
  const offsets = new Float64Array(payloads.length + 1);
  payloads.forEach((payload, index) => (offsets[index + 1] = offsets[index] + payload.length));
  const buffer = new ArrayBuffer(offsets[payloads.length]);
  const bytes = new Uint8Array(buffer);
  payloads.forEach((payload, index) => bytes.set(payload, offsets[index]));
  parentPort.postMessage({ id, buffer, offsets }, [buffer, offsets.buffer]);
});
