import { z } from "zod";
import { isLogAlertInterval, logAlertIntervals, maxLogAlertThreshold, type LogAlertFormValues, type LogAlertInterval } from "@/lib/log-alert-intervals";
import { isAppError } from "../errors";
import { parseLogQuery } from "../logs/parse-log-search";
import { AlertFieldError } from "./alert-field-error";

export interface LogAlertRuleInput {
  name: string;
  query: string;
  threshold: number;
  interval: LogAlertInterval;
  /** Notification channel slugs, each once. */
  channels: string[];
}

const intervalKeys = Object.keys(logAlertIntervals);

const LogAlertRuleSchema = z.object({
  name: z.string().trim().min(1, "a name is required").max(256, "at most 256 characters"),
  query: z.string().trim().min(1, "a log query is required").max(2000, "at most 2,000 characters"),
  threshold: z
    .union([z.number(), z.string().trim().regex(/^\d{1,10}$/, "expected a whole number")])
    .transform(Number)
    .pipe(z.number().int("expected a whole number").min(0, "expected 0 or more").max(maxLogAlertThreshold, `at most ${maxLogAlertThreshold.toLocaleString("en-US")}`)),
  interval: z.string().refine(isLogAlertInterval, { message: `expected one of ${intervalKeys.join(", ")}` }),
  channels: z.array(z.string().trim().min(1).max(100)).min(1, "choose at least one notification channel").max(20, "at most 20 channels"),
});

/**
 * A log alert rule from the form or a caller: a bad field is an AlertFieldError naming it, and a query the
 * logs search cannot parse is refused with the parser's own reason, so the rule never fails later at evaluation.
 */
export function parseLogAlertRuleInput(input: unknown): LogAlertRuleInput {
  const parsed = LogAlertRuleSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AlertFieldError(issue.path.length > 0 ? issue.path.map(String).join(".") : "body", issue.message);
  }
  try {
    parseLogQuery(parsed.data.query);
  } catch (error) {
    if (isAppError(error)) throw new AlertFieldError("query", error.message);
    throw error;
  }
  return { ...parsed.data, interval: parsed.data.interval as LogAlertInterval, channels: [...new Set(parsed.data.channels)] };
}

/** The form's fields as the parser takes them (checkboxes `channel` repeat). */
export function logAlertInputFromForm(read: (name: string) => string, readAll: (name: string) => string[]): LogAlertFormValues {
  return { name: read("name"), query: read("query"), threshold: read("threshold"), interval: read("interval"), channels: readAll("channel") };
}
