/** The kinds of string spans refer to by id (`span_strings.kind`). */
export const spanStringKinds = { op: 1, description: 2, segmentName: 3, release: 4, environment: 5 } as const;
export type SpanStringKind = keyof typeof spanStringKinds;
