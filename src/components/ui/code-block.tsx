import { CopyButton } from "./copy-button";

interface CodeBlockProps {
  code: string;
  label?: string;
}

export function CodeBlock({ code, label }: CodeBlockProps) {
  return (
    <div className="relative rounded-md border border-border bg-muted">
      <div className="absolute right-2 top-2">
        <CopyButton value={code} label={label ? `Copy ${label}` : "Copy"} />
      </div>
      {/* Focusable, so a keyboard can scroll a line longer than the block. */}
      <pre tabIndex={0} className="overflow-x-auto p-4 pr-20 font-mono text-xs leading-relaxed">
        <code>{code}</code>
      </pre>
    </div>
  );
}
