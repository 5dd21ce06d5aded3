"use client";

import { useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { applySearchCompletion, editableSearchText, type SearchCompletion, type SearchTermAtCursor } from "@/lib/search-autocomplete";

interface Suggestion {
  completion: SearchCompletion;
  label: string;
  detail: string | null;
}

interface SearchComboboxProps extends Omit<ComponentProps<"input">, "value" | "defaultValue" | "onChange" | "role"> {
  initialQuery: string;
  /** The one project's list; undefined: every project the viewer sees. */
  projectId?: number;
  /** Where suggestions come from (the logs explorer has its own); the issue list's by default. */
  suggestPath?: string;
}

/** Typing pauses this long before suggestions are asked for; each new request aborts the one before. */
const debounceMs = 120;

/**
 * The search box with autocomplete, as the ARIA combobox pattern has it: the input owns a listbox of
 * keys or values for the term under the caret (GET /issues/suggest), ↑/↓ move through it, Enter or Tab
 * puts the highlighted one in place of the term, Escape closes it. Enter with nothing highlighted submits
 * the search as before, and the query stays a plain `query` field of the form.
 */
export function SearchCombobox({ initialQuery, projectId, suggestPath = "/issues/suggest", className, ...inputProps }: SearchComboboxProps) {
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // A space after the last term: a click at the end and typing adds a term instead of gluing onto it.
  const [text, setText] = useState(() => editableSearchText(initialQuery));
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [term, setTerm] = useState<SearchTermAtCursor | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout> | null; controller: AbortController | null }>({ timer: null, controller: null });
  const caretAfterRender = useRef<number | null>(null);

  useEffect(() => {
    const caret = caretAfterRender.current;
    if (caret !== null && inputRef.current) {
      inputRef.current.setSelectionRange(caret, caret);
      caretAfterRender.current = null;
    }
  });
  useEffect(() => {
    const current = pending.current;
    return () => {
      if (current.timer) clearTimeout(current.timer);
      current.controller?.abort();
    };
  }, []);

  function close() {
    setIsOpen(false);
    setActive(-1);
  }

  function askFor(query: string, cursor: number) {
    const current = pending.current;
    if (current.timer) clearTimeout(current.timer);
    current.controller?.abort();
    current.controller = null;
    current.timer = setTimeout(() => {
      const controller = new AbortController();
      current.controller = controller;
      const params = new URLSearchParams({ query, cursor: String(cursor), ...(projectId !== undefined ? { projectId: String(projectId) } : {}) });
      fetch(`${suggestPath}?${params.toString()}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => (response.ok ? ((await response.json()) as { term: SearchTermAtCursor; suggestions: Suggestion[] }) : null))
        .then((answer) => {
          // An answer that arrives after focus left the box stays closed.
          if (controller.signal.aborted || !answer || document.activeElement !== inputRef.current) return;
          setTerm(answer.term);
          setSuggestions(answer.suggestions);
          setActive(-1);
          setIsOpen(answer.suggestions.length > 0);
        })
        .catch(() => {
          // An aborted or failed request leaves the list as it was: suggestions are a help, never in the way.
        });
    }, debounceMs);
  }

  function accept(suggestion: Suggestion) {
    if (!term) return;
    const next = applySearchCompletion(text, term, suggestion.completion);
    setText(next.text);
    caretAfterRender.current = next.cursor;
    close();
    // The list was about the replaced term: ↓ must ask again rather than reopen it.
    setSuggestions([]);
    setTerm(null);
    // After a key, its values are what comes next; after a whole filter, the list waits for typing.
    if (suggestion.completion.kind === "key") askFor(next.text, next.cursor);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const highlighted = active >= 0 ? suggestions[active] : undefined;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!isOpen) {
        if (suggestions.length > 0) setIsOpen(true);
        else askFor(text, event.currentTarget.selectionStart ?? text.length);
        return;
      }
      const count = suggestions.length;
      const isDown = event.key === "ArrowDown";
      setActive((index) => (isDown ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
    } else if ((event.key === "Enter" || event.key === "Tab") && isOpen && highlighted) {
      event.preventDefault();
      accept(highlighted);
    } else if (event.key === "Escape" && isOpen) {
      event.preventDefault();
      close();
    }
  }

  const activeId = isOpen && active >= 0 ? `${listboxId}-${active}` : undefined;
  return (
    <div className="relative">
      <Input
        {...inputProps}
        ref={inputRef}
        value={text}
        role="combobox"
        aria-expanded={isOpen}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        className={className}
        onChange={(event) => {
          setText(event.target.value);
          // Until the answer for the new text arrives, nothing is highlighted, so Enter searches.
          setActive(-1);
          askFor(event.target.value, event.target.selectionStart ?? event.target.value.length);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!isOpen}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-80 overflow-y-auto rounded-md border border-border bg-card py-1 text-sm shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.completion.kind}:${suggestion.label}`}
            id={`${listboxId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={cn("flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5", index === active ? "bg-muted text-foreground" : "text-foreground")}
            // Keeps focus in the input, so the click does not first close the list through blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => accept(suggestion)}
            onMouseEnter={() => setActive(index)}
          >
            <span className="min-w-0 font-mono break-words">{suggestion.label}</span>
            {suggestion.detail ? <span className="shrink-0 text-xs text-muted-foreground">{suggestion.detail}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
