"use client";

import { Check, ChevronDown, UserRound, Users, X } from "lucide-react";
import { useId, useMemo, useRef, useState, useTransition, type KeyboardEvent } from "react";
import { ActionMessages } from "@/components/ui/action-messages";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { ActionState } from "@/lib/action-state";
import { assigneeOptions, type AssigneeChoices, type AssigneeOption as Option } from "@/lib/assignee-options";
import { cn } from "@/lib/cn";
import type { Assignee } from "@/lib/views/issues";
import { loadAssigneeChoicesAction } from "@/app/(dashboard)/projects/[projectSlug]/issues/[issueId]/ownership/actions";
import { AssigneeAvatar, assigneeName } from "./assignee-avatar";

interface AssigneeFormProps {
  issueId: number;
  /** Who it is assigned to now (IssueDetails.assignee); null: nobody. */
  assignee: Assignee | null;
  /** The issue page's assign action: fields issueId, intent (name | me | nobody) and assignee ("user:<id>" / "team:<id>"). */
  assign: (state: ActionState, formData: FormData) => Promise<ActionState>;
  /** "full" (default): the current assignee and a "Change" button; "compact": the button alone (a header). */
  variant?: "full" | "compact";
}

/**
 * Who is on the issue: a type-ahead picker over the people who can see the project and its teams, with
 * "Assign to me" and "Unassign". The button opens a popover (Radix); the text box filters a listbox that the
 * arrow keys move through (the box keeps focus, `aria-activedescendant` names the option), Enter assigns,
 * Escape closes. The choices are loaded when the picker first opens.
 */
export function AssigneeForm({ issueId, assignee, assign, variant = "full" }: AssigneeFormProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [choices, setChoices] = useState<AssigneeChoices | null>(null);
  const [filter, setFilter] = useState("");
  const [active, setActive] = useState(0);
  const [state, setState] = useState<ActionState>({});
  const [isPending, startTransition] = useTransition();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const options = useMemo(() => assigneeOptions(choices, assignee !== null, filter), [choices, assignee, filter]);
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  function open(next: boolean): void {
    setIsOpen(next);
    setFilter("");
    setActive(0);
    if (next && choices === null) {
      const form = new FormData();
      form.set("issueId", String(issueId));
      startTransition(async () => {
        const answer = await loadAssigneeChoicesAction({}, form);
        if (answer.choices) setChoices(answer.choices);
        else setState({ error: answer.error ?? "The people and teams could not be loaded." });
      });
    }
  }

  function choose(option: Option): void {
    const form = new FormData();
    form.set("issueId", String(issueId));
    form.set("intent", option.intent);
    if (option.intent === "name") form.set("assignee", option.value);
    setIsOpen(false);
    startTransition(async () => setState(await assign({}, form)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      setActive(event.key === "Home" ? 0 : Math.max(options.length - 1, 0));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
    }
  }

  const current = assignee ? assigneeName(assignee) : null;
  return (
    <div className="space-y-2" aria-busy={isPending}>
      {variant === "full" ? (
        <p className="flex min-w-0 items-center gap-2 text-sm">
          {assignee ? <AssigneeAvatar assignee={assignee} /> : <UserRound aria-hidden className="h-4 w-4 text-muted-foreground" />}
          {current ? (
            <span className="min-w-0">
              Assigned to <span className="font-medium break-words">{current}</span>
            </span>
          ) : (
            <span className="text-muted-foreground">Nobody is assigned.</span>
          )}
        </p>
      ) : null}
      <Popover open={isOpen} onOpenChange={open}>
        <PopoverTrigger
          className={cn(
            "inline-flex h-8 max-w-full items-center gap-2 rounded-md border border-border bg-card px-2.5 text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            isPending && "opacity-70",
          )}
          aria-label={current ? `Assignee: ${current}. Change the assignee` : "Assignee: nobody. Assign"}
        >
          {variant === "compact" && assignee ? <AssigneeAvatar assignee={assignee} className="h-5 w-5" /> : null}
          <span className="truncate">{variant === "compact" ? (current ?? "Unassigned") : current ? "Change" : "Assign"}</span>
          <ChevronDown aria-hidden className="h-3.5 w-3.5 shrink-0 text-muted-foreground" />
        </PopoverTrigger>
        <PopoverContent
          className="w-80 p-2"
          aria-label="Assign this issue"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
        >
          <label htmlFor={`${listId}-filter`} className="sr-only">
            Find a person or team
          </label>
          <input
            ref={inputRef}
            id={`${listId}-filter`}
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options[activeIndex] ? `${listId}-${options[activeIndex].key}` : undefined}
            autoComplete="off"
            value={filter}
            onChange={(event) => {
              setFilter(event.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder="Name, e-mail or #team"
            className="mb-2 h-8 w-full rounded-md border border-border bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <ul id={listId} role="listbox" aria-label="People and teams" className="max-h-72 overflow-y-auto">
            {options.map((option, index) => (
              <li
                key={option.key}
                id={`${listId}-${option.key}`}
                role="option"
                aria-selected={index === activeIndex}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(option)}
                className={cn("flex cursor-pointer items-center gap-2 rounded px-2 py-1.5", index === activeIndex && "bg-muted")}
              >
                <OptionIcon option={option} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{option.label}</span>
                  {option.detail ? <span className="block truncate text-xs text-muted-foreground">{option.detail}</span> : null}
                </span>
                {isCurrent(option, assignee) ? <Check aria-label="current" className="h-4 w-4 shrink-0" /> : null}
              </li>
            ))}
            {options.length === 0 ? <li className="px-2 py-1.5 text-muted-foreground">{choices === null ? "Loading…" : "Nobody who can see this project matches."}</li> : null}
          </ul>
        </PopoverContent>
      </Popover>
      <ActionMessages state={state} />
    </div>
  );
}

function OptionIcon({ option }: { option: Option }) {
  if (option.kind === "nobody") return <X aria-hidden className="h-4 w-4 shrink-0 text-muted-foreground" />;
  if (option.kind === "team") return <Users aria-hidden className="h-4 w-4 shrink-0 text-muted-foreground" />;
  return <UserRound aria-hidden className="h-4 w-4 shrink-0 text-muted-foreground" />;
}

function isCurrent(option: Option, assignee: Assignee | null): boolean {
  if (!assignee) return option.kind === "nobody";
  return option.value === `${assignee.type}:${assignee.id}`;
}
