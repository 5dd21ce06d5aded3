import { parse, type Node } from "acorn";

/**
 * The functions of a minified file, each with the generated position of the token that names it (its own
 * name, the property or variable it is assigned to, a method's key) and, for class members, of its class's
 * name. A frame is named by the innermost function around its generated position, the name token mapped
 * back through the source map: the minifier renamed `submitCheckoutForm` to `m`, but the map still says
 * which original identifier `m` was. Sentry's symbolicator names frames the same way ("scope names").
 *
 * Positions are packed in one Int32Array, eight numbers a function in source order: start line, start column,
 * end line, end column, name line, name column (lines 1-based, columns 0-based; a name line of 0: anonymous),
 * then the class's name line and column. About 40 bytes a function.
 */
export interface FunctionScopes {
  kind: "scopes";
  /** 8 numbers per function, ordered by start. */
  table: Int32Array;
  /** Bytes the table holds, for the cache's size. */
  size: number;
}

const fieldsPerScope = 8;
/** Minified files beyond this are not parsed (seconds of CPU and hundreds of MB of AST); frames keep the call-site name. */
export const maxScopeSourceLength = 20_000_000;

export interface ScopeNameTokens {
  /** The token naming the function (line 1-based, column 0-based), or null for an anonymous function. */
  name: { line: number; column: number } | null;
  /** The token naming its class, for methods and class fields. */
  owner: { line: number; column: number } | null;
}

type AnyNode = Node & Record<string, unknown>;

const functionTypes = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** Parses a minified file's functions; an empty table when it is not JavaScript acorn can read. */
export function indexFunctionScopes(text: string): FunctionScopes {
  if (text.length > maxScopeSourceLength) return emptyScopes();
  const program = parseLenient(text);
  if (program === null) return emptyScopes();
  const found: number[][] = [];
  visit(program as AnyNode, [], found);
  // Source order for the binary search (the walk follows each node's keys, which is nearly but not always it).
  found.sort((a, b) => compare(a[0]!, a[1]!, b[0]!, b[1]!));
  const table = Int32Array.from(found.flat());
  return { kind: "scopes", table, size: table.byteLength };
}

function emptyScopes(): FunctionScopes {
  return { kind: "scopes", table: new Int32Array(0), size: 0 };
}

function parseLenient(text: string): Node | null {
  for (const sourceType of ["module", "script"] as const) {
    try {
      return parse(text, { ecmaVersion: "latest", sourceType, locations: true, allowHashBang: true, allowReturnOutsideFunction: sourceType === "script", allowAwaitOutsideFunction: true });
    } catch {
      // A script with `with` or legacy octals is no module; anything else is not JavaScript we can read.
    }
  }
  return null;
}

/** Walks every node; the ancestors decide what names an anonymous function and which class owns a method. */
function visit(node: AnyNode, ancestors: AnyNode[], out: number[][]): void {
  if (functionTypes.has(node.type)) out.push(describe(node, ancestors));
  ancestors.push(node);
  for (const key in node) {
    if (key === "loc" || key === "type" || key === "start" || key === "end") continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) visit(child, ancestors, out);
    } else if (isNode(value)) visit(value, ancestors, out);
  }
  ancestors.pop();
}

function isNode(value: unknown): value is AnyNode {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

function describe(fn: AnyNode, ancestors: AnyNode[]): number[] {
  const parent = ancestors.at(-1) ?? null;
  const name = nameTokenOf(fn, parent);
  const isClassMember = parent !== null && (parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") && ancestors.at(-2)?.type === "ClassBody";
  const owner = isClassMember ? classNameToken(ancestors.at(-3) ?? null, ancestors.at(-4) ?? null) : null;
  const loc = fn.loc!;
  return [loc.start.line, loc.start.column, loc.end.line, loc.end.column, name?.line ?? 0, name?.column ?? 0, owner?.line ?? 0, owner?.column ?? 0];
}

function position(node: unknown): { line: number; column: number } | null {
  if (!isNode(node) || !node.loc) return null;
  return { line: node.loc.start.line, column: node.loc.start.column };
}

function nameTokenOf(fn: AnyNode, parent: AnyNode | null): { line: number; column: number } | null {
  if (isNode(fn.id)) return position(fn.id);
  if (!parent) return null;
  switch (parent.type) {
    case "Property":
    case "MethodDefinition":
    case "PropertyDefinition":
      return parent.value === fn && (!parent.computed || (isNode(parent.key) && parent.key.type === "Literal")) ? position(parent.key) : null;
    case "VariableDeclarator":
      return parent.init === fn && isNode(parent.id) && parent.id.type === "Identifier" ? position(parent.id) : null;
    case "AssignmentExpression":
    case "AssignmentPattern": {
      if (parent.right !== fn || !isNode(parent.left)) return null;
      if (parent.left.type === "Identifier") return position(parent.left);
      if (parent.left.type === "MemberExpression" && !parent.left.computed) return position(parent.left.property);
      return null;
    }
    default:
      return null;
  }
}

/** A class's own name, else the variable it is assigned to (`const Cart = class { … }`). */
function classNameToken(classNode: AnyNode | null, classParent: AnyNode | null): { line: number; column: number } | null {
  if (!classNode) return null;
  if (isNode(classNode.id)) return position(classNode.id);
  return classParent?.type === "VariableDeclarator" && isNode(classParent.id) && classParent.id.type === "Identifier" ? position(classParent.id) : null;
}

/**
 * The innermost function around a generated position (line 1-based, column 0-based), as its name tokens; null
 * when the position is in no function (top-level code).
 */
export function scopeAt(scopes: FunctionScopes, line: number, column: number): ScopeNameTokens | null {
  const table = scopes.table;
  const count = table.length / fieldsPerScope;
  // The last function starting at or before the position; functions nest, so the innermost one around the
  // position is the nearest of those (walking back) that also ends after it.
  let low = 0;
  let high = count - 1;
  let last = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (compare(table[middle * fieldsPerScope]!, table[middle * fieldsPerScope + 1]!, line, column) <= 0) {
      last = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  for (let index = last; index >= 0; index--) {
    const base = index * fieldsPerScope;
    if (compare(table[base + 2]!, table[base + 3]!, line, column) > 0) {
      return {
        name: table[base + 4]! > 0 ? { line: table[base + 4]!, column: table[base + 5]! } : null,
        owner: table[base + 6]! > 0 ? { line: table[base + 6]!, column: table[base + 7]! } : null,
      };
    }
  }
  return null;
}

function compare(lineA: number, columnA: number, lineB: number, columnB: number): number {
  return lineA !== lineB ? lineA - lineB : columnA - columnB;
}
