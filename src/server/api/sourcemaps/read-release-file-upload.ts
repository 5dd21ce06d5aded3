import { AppError } from "../../errors";
import { readMultipartForm } from "./read-multipart-form";

/** One legacy release file (a minified file or a map): the largest one a bundle may hold, plus the form around it. */
export const maxReleaseFileBytes = 100 * 1024 * 1024;
const maxHeaders = 20;

export interface ReleaseFileUpload {
  name: string;
  dist: string | null;
  content: Uint8Array;
  headers: Record<string, string>;
}

/**
 * The multipart form of Sentry's legacy "upload a release file": `file`, `name` (the URL it is served at,
 * such as `~/static/app.min.js`; the file's own name when absent), optional `dist`, and `header` fields such
 * as `Sourcemap: app.min.js.map`.
 */
export async function readReleaseFileUpload(request: Request): Promise<ReleaseFileUpload> {
  const form = await readMultipartForm(request, maxReleaseFileBytes + 64 * 1024, "The release file upload");
  const file = form.get("file");
  if (file === null || typeof file === "string") throw new AppError("bad_request", "The upload needs a file part named file.");
  const nameField = form.get("name");
  const name = (typeof nameField === "string" && nameField.trim() !== "" ? nameField : file.name).trim();
  if (name === "" || name.length > 2048) throw new AppError("bad_request", "Invalid name: the file's URL, 1 to 2048 characters.");
  const distField = form.get("dist");
  const dist = typeof distField === "string" && distField.trim() !== "" ? distField.trim() : null;
  if (dist !== null && dist.length > 64) throw new AppError("bad_request", "Invalid dist: at most 64 characters.");
  const headerFields = form.getAll("header");
  if (headerFields.length > maxHeaders) throw new AppError("bad_request", `At most ${maxHeaders} header fields.`);
  const headers: Record<string, string> = {};
  for (const field of headerFields) {
    const separator = typeof field === "string" ? field.indexOf(":") : -1;
    if (typeof field !== "string" || separator <= 0 || field.length > 4096) throw new AppError("bad_request", 'Invalid header: expected "Name: value".');
    headers[field.slice(0, separator).trim()] = field.slice(separator + 1).trim();
  }
  return { name, dist, content: new Uint8Array(await file.arrayBuffer()), headers };
}
