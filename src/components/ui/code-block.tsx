import { cn } from "@/lib/cn";
import { CopyButton } from "./copy-button";

interface CodeBlockProps {
  code: string;
  label?: string;
}

/**
 * Code with its Copy button beside it, never on top of it: the button has its own column, so the start of a
 * long line (a DSN, a CSP header) is never hidden under it. A one-line snippet wraps anywhere — it is code,
 * so no word is broken that a reader would read as one — and shows whole on a phone; longer code keeps its
 * lines and scrolls sideways.
 */
export function CodeBlock({ code, label }: CodeBlockProps) {
  const isOneLine = !code.includes("\n");
  return (
    <div className="flex items-start gap-2 rounded-md border border-border bg-muted">
      {/* Focusable, so a keyboard can scroll a line longer than the block. */}
      <pre tabIndex={isOneLine ? undefined : 0} className={cn("min-w-0 flex-1 py-3 pl-4 font-mono text-xs leading-relaxed", isOneLine ? "whitespace-pre-wrap wrap-anywhere" : "overflow-x-auto")}>
        <code>{code}</code>
      </pre>
      <div className="shrink-0 py-1.5 pr-1.5">
        <CopyButton value={code} label={label ? `Copy ${label}` : "Copy"} />
      </div>
    </div>
  );
}
