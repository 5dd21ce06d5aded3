/**
 * Processing errors recorded in `event.errors`, shaped like Relay's `{type, name, value}`. Hostile events
 * could produce one error per frame or tag, so the list is capped; the first errors are the telling ones.
 */
export interface ProcessingError {
  type: string;
  name?: string;
  value?: unknown;
  [extra: string]: unknown;
}

export const maxRecordedErrors = 100;
const maxErrorValueChars = 200;

export class ErrorCollector {
  readonly errors: ProcessingError[] = [];

  add(type: string, name?: string, value?: unknown, extra?: Record<string, unknown>): void {
    if (this.errors.length >= maxRecordedErrors) return;
    const error: ProcessingError = { type };
    if (name !== undefined) error.name = name.length > maxErrorValueChars ? `${name.slice(0, maxErrorValueChars - 3)}...` : name;
    const shown = showValue(value);
    if (shown !== undefined) error.value = shown;
    if (extra) Object.assign(error, extra);
    this.errors.push(error);
  }
}

/** The offending value, when it is small enough to be worth keeping; containers are left out. */
function showValue(value: unknown): unknown {
  if (typeof value === "string") return value.length > maxErrorValueChars ? `${value.slice(0, maxErrorValueChars - 3)}...` : value;
  if (typeof value === "number" || typeof value === "boolean" || value === null) return value;
  return undefined;
}
