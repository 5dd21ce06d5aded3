/** The kinds of string log lines refer to by id (`log_strings.kind`). */
export const logStringKinds = { template: 1, release: 2, environment: 3 } as const;
export type LogStringKind = keyof typeof logStringKinds;
