export function hasCurrentServerBundle(root: URL): boolean;
