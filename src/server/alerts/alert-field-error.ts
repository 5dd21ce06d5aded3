import { AppError } from "../errors";

/**
 * A 400 about one field of a rule or channel. The message reads "<field>: <message>" wherever AppErrors are
 * shown; the API also answers it in Sentry's shape, `{"<field>": ["<message>"]}`, next to `detail`.
 */
export class AlertFieldError extends AppError {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super("bad_request", `${field}: ${problem}`);
  }
}
