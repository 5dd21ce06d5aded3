/**
 * §5.4 `trim_function_name` for native frames (the only family it changes besides C#, whose grouping reads the
 * untrimmed `raw_function` anyway): a symbolicated C/C++/Rust signature is cut down to its qualified name so
 * that argument types, return types and template arguments do not split issues. Written from the described
 * behaviour ("strip arguments, return types, templates, (anonymous namespace)"), not from Sentry's parser.
 */
const trailingQualifiers = /(?:\s+(?:const|volatile|noexcept|override|&&|&))+$/;
const lambda = /\{lambda\([^)]*\)#\d+\}/g;
const openers: Record<string, string> = { "(": ")", "<": ">", "[": "]", "{": "}" };
/** `operator<`, `operator<<=`, `operator()`…: their brackets are part of the name. */
const operatorSymbol = /operator\s*(?:<=>|<<=|>>=|<<|>>|<=|>=|->\*?|\(\)|\[\]|[<>])/g;

/** Replaces each top-level `<…>` with `<T>`; unbalanced text is returned as it was. */
function collapseTemplates(name: string): string {
  let out = "";
  let depth = 0;
  for (const char of name) {
    if (char === "<") {
      if (depth === 0) out += "<T>";
      depth++;
    } else if (char === ">" && depth > 0) depth--;
    else if (depth === 0) out += char;
  }
  return depth === 0 ? out : name;
}

/** Splits on blanks outside any brackets (a return type is separated from the name by one). */
function splitTopLevel(name: string): string[] {
  const tokens: string[] = [];
  const stack: string[] = [];
  let current = "";
  for (const char of name) {
    if (openers[char]) stack.push(openers[char]);
    else if (char === stack[stack.length - 1]) stack.pop();
    if (char === " " && stack.length === 0) {
      if (current) tokens.push(current);
      current = "";
    } else current += char;
  }
  if (current) tokens.push(current);
  return tokens;
}

/** Index of the `(` that opens the argument list ending the signature, or -1. */
function argumentListStart(name: string): number {
  if (!name.endsWith(")")) return -1;
  let depth = 0;
  for (let i = name.length - 1; i >= 0; i--) {
    if (name[i] === ")") depth++;
    else if (name[i] === "(" && --depth === 0) return i;
  }
  return -1;
}

export function trimNativeFunctionName(raw: string): string {
  // Objective-C selectors are already clean and their brackets are not templates.
  if (/^[-+]\[/.test(raw)) return raw;
  const operators: string[] = [];
  let name = raw
    .trim()
    .replace(/^\[thunk\]:/, "")
    .replace(lambda, "lambda")
    .replaceAll("(anonymous namespace)", "`anonymous namespace'")
    .replace(operatorSymbol, (match) => {
      operators.push(match);
      return `operator\u0000${operators.length - 1}\u0000`;
    });
  name = name.replace(trailingQualifiers, "");
  const start = argumentListStart(name);
  if (start > 0) name = name.slice(0, start).trimEnd();
  name = collapseTemplates(name);
  const tokens = splitTopLevel(name);
  // `operator new`, `operator bool`: keep the keyword with the word after it.
  const operatorAt = tokens.findIndex((token) => /(?:^|::)operator$/.test(token));
  name = operatorAt >= 0 ? tokens.slice(operatorAt).join(" ") : (tokens[tokens.length - 1] ?? name);
  name = name.replace(/\u0000(\d+)\u0000/g, (_, index: string) => operators[Number(index)]!.slice("operator".length).trim());
  return name || raw;
}
