import { cn } from "@/lib/cn";
import { CopyButton } from "./copy-button";
import { IdentifierText } from "./identifier-text";

interface CodeBlockProps {
  code: string;
  label?: string;
}

/**
 * Code with its Copy button beside it (under it on a phone, where the code needs the whole width), never on
 * top of it, so no part of a long line (a DSN, a CSP header) is ever hidden under it. A one-line snippet wraps at its spaces and after
 * its separators (`/ . @ _ - :`), never inside a word, so a DSN shows whole on a phone; longer code keeps its
 * lines and scrolls sideways, focusable for a keyboard, with a shadow on the edge where more is hidden.
 */
export function CodeBlock({ code, label }: CodeBlockProps) {
  const isOneLine = !code.includes("\n");
  return (
    <div className="flex flex-col rounded-md border border-border bg-muted sm:flex-row sm:items-start sm:gap-2">
      <pre
        tabIndex={isOneLine ? undefined : 0}
        className={cn(
          "min-w-0 flex-1 py-3 pl-4 font-mono text-xs leading-relaxed",
          isOneLine ? "pr-4 whitespace-pre-wrap wrap-break-word sm:pr-0" : "scroll-hint-x rounded-md pr-2 [--scroll-hint-background:var(--muted)] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        )}
      >
        <code>{isOneLine ? <IdentifierText value={code} /> : code}</code>
      </pre>
      <div className="shrink-0 self-end px-1.5 pb-1.5 sm:py-1.5 sm:pl-0">
        <CopyButton value={code} label={label ? `Copy ${label}` : "Copy"} />
      </div>
    </div>
  );
}
