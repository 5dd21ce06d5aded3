/**
 * A glob as a list of single-character steps, matched by walking every possible position at once (a
 * Thompson NFA): time is value length × pattern length, whatever the pattern. A regex with two or more
 * unbounded `.*` backtracks polynomially — `*a*a*a*a*a*a*b` took 4 s on a 60-character function name and
 * hours on a long exception message — so globs with several stars are matched here instead.
 */
export type GlobToken =
  /** One character the regex accepts (a literal, `?`, a class). */
  | { kind: "char"; regex: RegExp }
  /** Zero or more characters the regex accepts (`*`: any, or no `/` in path mode; `**`: any). */
  | { kind: "star"; regex: RegExp }
  /** `**` before `/` in path mode: nothing, or any text ending in `/` (the regex's `(?:.*\/)?`). */
  | { kind: "dirs" };

/** A single-character source of the glob compiler (`a`, `\.`, `[^/]`, `.`, `[a-z]`) as a step. */
export function globStep(kind: "char" | "star", source: string, ignoreCase: boolean): GlobToken {
  return { kind, regex: new RegExp(`^${source}$`, ignoreCase ? "is" : "s") };
}

/** Tokens a regex can backtrack on: every star, except a last `.*` (which always matches the rest at once). */
export function countBacktrackingStars(tokens: GlobToken[]): number {
  const stars = tokens.filter((token) => token.kind !== "char").length;
  const last = tokens.at(-1);
  return last?.kind === "star" && last.regex.test("/") ? stars - 1 : stars;
}

export function matchGlobTokens(tokens: GlobToken[], value: string): boolean {
  // A state is a token index; `inside` marks a `dirs` token that has consumed text not yet ended by `/`.
  let states = closure(tokens, [0]);
  let inside = new Set<number>();
  for (let index = 0; index < value.length && (states.size > 0 || inside.size > 0); index++) {
    const c = value[index]!;
    const next: number[] = [];
    const nextInside = new Set<number>();
    for (const state of [...states, ...inside]) {
      const token = tokens[state];
      if (!token) continue;
      if (token.kind === "char") {
        if (token.regex.test(c)) next.push(state + 1);
      } else if (token.kind === "star") {
        if (token.regex.test(c)) next.push(state);
      } else {
        nextInside.add(state);
        if (c === "/") next.push(state + 1);
      }
    }
    states = closure(tokens, next);
    inside = nextInside;
  }
  return states.has(tokens.length);
}

/** The states reachable without consuming a character: past stars and `dirs`, which may match nothing. */
function closure(tokens: GlobToken[], start: number[]): Set<number> {
  const reached = new Set<number>();
  for (const first of start) {
    for (let state = first; !reached.has(state); state++) {
      reached.add(state);
      if (tokens[state]?.kind === "char" || state >= tokens.length) break;
    }
  }
  return reached;
}
