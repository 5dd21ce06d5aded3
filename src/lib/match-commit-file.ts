/**
 * Whether a stack frame's file is a file a commit changed, without a repository integration: the frame's
 * path, with what bundlers and SDKs put before the repository path taken off (`app:///`, `webpack://<name>/`,
 * `~/`, `./`, a URL's origin, a query or hash), ends with the commit's repository-relative path at a `/`.
 * So `/srv/shop/src/checkout.ts`, `app:///src/checkout.ts` and `webpack://shop/./src/checkout.ts` all match
 * `src/checkout.ts`; `src/checkout.tsx` and `xsrc/checkout.ts` do not.
 */
export function normalizeFramePath(path: string): string {
  let normalized = path.trim().replaceAll("\\", "/").replace(/[?#].*$/, "");
  const withScheme = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(normalized);
  if (withScheme) {
    const [, scheme, rest] = withScheme as unknown as [string, string, string];
    // webpack://<namespace>/… and a URL's host name no directory of the repository; app:/// and file:/// start at its root.
    const keepsHost = /^(app|file)$/i.test(scheme);
    normalized = keepsHost || rest.startsWith("/") ? `/${rest}` : rest.replace(/^[^/]*/, "");
  }
  normalized = normalized.replace(/^~\//, "/").replace(/^\.\//, "/");
  while (normalized.includes("/./")) normalized = normalized.replaceAll("/./", "/");
  return normalized.replace(/\/{2,}/g, "/");
}

export function normalizeCommitPath(path: string): string {
  return path.trim().replaceAll("\\", "/").replace(/^(\.\/)+/, "").replace(/^\/+/, "");
}

export function frameMatchesFile(framePath: string, commitPath: string): boolean {
  const file = normalizeCommitPath(commitPath);
  if (file === "") return false;
  const frame = normalizeFramePath(framePath);
  return frame === file || frame.endsWith(`/${file}`);
}
