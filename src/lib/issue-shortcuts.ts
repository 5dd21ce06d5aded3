/** The ids of the issue-actions forms the keys submit, so a key does exactly what its button does. */
export const resolveFormId = "issue-action-resolve";
export const ignoreFormId = "issue-action-ignore-forever";

/** What a key does on the issue page; the page's hint lists the same keys. */
export type IssueShortcut = "resolve" | "ignore" | "older" | "newer";

export const issueShortcutKeys: { keys: string; description: string }[] = [
  { keys: "r", description: "Resolve" },
  { keys: "i", description: "Ignore forever" },
  { keys: "e", description: "Next (older) event" },
  { keys: "E", description: "Previous (newer) event" },
];

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The element the key went to. */
  target: { tagName?: string; isContentEditable?: boolean } | null;
}

const typingTags = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/**
 * The shortcut a key press means, or null: keys typed into a field, and keys with Ctrl, ⌘ or Alt (the
 * browser's and the system's own shortcuts), never trigger one. Shift only turns `e` into `E`.
 */
export function issueShortcutOf(press: KeyPress): IssueShortcut | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const target = press.target;
  if (target && (target.isContentEditable || typingTags.has((target.tagName ?? "").toUpperCase()))) return null;
  switch (press.key) {
    case "r":
      return "resolve";
    case "i":
      return "ignore";
    case "e":
      return "older";
    case "E":
      return "newer";
    default:
      return null;
  }
}
