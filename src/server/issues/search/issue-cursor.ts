import { z } from "zod";
import { AppError } from "../../errors";

import { issueSorts, type IssueSort } from "@/lib/views/issues";
export { issueSorts, type IssueSort } from "@/lib/views/issues";

/** Where the next page starts: after the issue with this sort value and id (keyset pagination, never OFFSET). */
export interface IssueCursor {
  sort: IssueSort;
  value: number;
  id: number;
}

const cursorShape = z.tuple([z.enum(issueSorts), z.number().finite(), z.number().int().positive()]);

/** An opaque, URL-safe token; the sort is inside so that a cursor cannot be reused under another sort. */
export function encodeIssueCursor({ sort, value, id }: IssueCursor): string {
  return Buffer.from(JSON.stringify([sort, value, id])).toString("base64url");
}

export function decodeIssueCursor(token: string, sort: IssueSort): IssueCursor {
  let parsed: z.infer<typeof cursorShape> | undefined;
  try {
    parsed = cursorShape.parse(JSON.parse(Buffer.from(token, "base64url").toString("utf8")));
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed[0] !== sort) throw new AppError("bad_request", "This page link is out of date; start again from the first page.");
  return { sort: parsed[0], value: parsed[1], id: parsed[2] };
}
