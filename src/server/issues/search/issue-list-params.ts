import { z } from "zod";
import { issueSorts } from "./issue-cursor";

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * The list pages' URL: `query` (absent: the default search; empty: everything), `sort`, `cursor` and, on
 * the all-projects list, `project`. Bad values fall back instead of failing the page.
 */
export const issueListParams = z.object({
  query: z.preprocess(first, z.string().max(500).optional().catch(undefined)),
  sort: z.preprocess(first, z.enum(issueSorts).catch("last_seen")).default("last_seen"),
  cursor: z.preprocess(first, z.string().max(200).optional().catch(undefined)),
  project: z.preprocess(first, z.string().max(100).optional().catch(undefined)),
});
