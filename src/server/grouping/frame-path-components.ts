import { component, leaf, mark } from "./grouping-component";
import type { GroupingComponent } from "@/lib/grouping-tree";

/** Both separators, so Windows paths reduce to their basename too. */
const pathSeparator = /[/\\]/;

/** `$$_javassist`, `$$_javassist_seam` and a generated number (§5.4). */
const javassist = /(\$\$_javassist)(?:_seam)?(?:_[0-9]+)?/g;
/**
 * §5.4 Java code-generation markers, each replaced by `<auto>` so that regenerated classes group together:
 * reflection constructor accessors, Spring/CGLIB proxies, javassist, Clojure anonymous functions, Guice
 * `EnhancerBy`/`FastClassBy` and Hibernate proxies (the 2023 config has the CGLIB/Hibernate rules on).
 */
const javaCodegenMarkers: RegExp[] = [
  /(sun\.reflect\.Generated(?:Serialization)?ConstructorAccessor)\d+/g,
  /(\$\$[\w_]+?CGLIB\$\$)[a-fA-F0-9]+(_[0-9]+)?/g,
  javassist,
  /(\$fn__)\d+/g,
  /(\$\$?EnhancerBy[\w_]+?\$?\$)[a-fA-F0-9]+(_[0-9]+)?/g,
  /(\$\$?FastClassBy[\w_]+?\$?\$)[a-fA-F0-9]+(_[0-9]+)?/g,
  /(\$\$?HibernateProxy\$?\$)\w+(_[0-9]+)?/g,
];
const reflectionAccessors = ["sun.reflect.GeneratedMethodAccessor", "jdk.internal.reflect.GeneratedMethodAccessor"];

/**
 * §5.4 `has_url_origin`: blob:, http:, https: and applewebdata: paths are web URLs, whose file parts are too
 * unstable to group by. `file:` counts only when `filesAreUrls` (context lines) and not for filenames.
 */
export function hasUrlOrigin(path: unknown, filesAreUrls: boolean): boolean {
  if (typeof path !== "string" || path === "") return false;
  if (/^(?:https?|applewebdata|blob):/.test(path)) return true;
  return filesAreUrls && path.startsWith("file:");
}

/** §5.4 filename: the lowercased basename, ignored for URLs, anonymous and native-code placeholders. */
export function buildFilenameComponent(filename: unknown, absPath: unknown, platform: string): GroupingComponent {
  if (typeof filename !== "string" || filename === "") return component("filename");
  const parts = filename.split(pathSeparator);
  const basename = (parts[parts.length - 1] ?? "").toLowerCase();
  const node = leaf("filename", basename);
  if (hasUrlOrigin(absPath, false)) mark(node, false, "ignored because frame points to a URL");
  else if (basename === "<anonymous>") mark(node, false, "ignored because filename is anonymous");
  else if (basename === "[native code]") mark(node, false, "ignored because filename suggests native code");
  else if (platform === "java") {
    const cleaned = basename.replace(javassist, "$1<auto>");
    if (cleaned !== basename) {
      node.values = [cleaned];
      node.hint = "cleaned javassist parts";
    }
  }
  return node;
}

/** §5.4 module: bad JavaScript modules (a path that is just the end of abs_path) and Java codegen markers. */
export function buildModuleComponent(moduleName: unknown, absPath: unknown, platform: string): GroupingComponent {
  if (typeof moduleName !== "string" || moduleName === "") return component("module");
  const node = leaf("module", moduleName);
  if (platform === "javascript") {
    if (moduleName.includes("/") && typeof absPath === "string" && absPath.endsWith(moduleName)) {
      mark(node, false, "ignored bad javascript module");
    }
  } else if (platform === "java") {
    if (moduleName.includes("$$Lambda$")) mark(node, false, "ignored java lambda");
    const accessor = reflectionAccessors.find((prefix) => moduleName.startsWith(prefix));
    let cleaned = accessor ?? moduleName;
    if (!accessor) for (const marker of javaCodegenMarkers) cleaned = cleaned.replace(marker, "$1<auto>");
    if (cleaned !== moduleName) {
      node.values = [cleaned];
      node.hint = accessor ? "removed reflection marker" : "removed codegen marker";
    }
  }
  return node;
}
