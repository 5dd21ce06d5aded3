"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

interface RuleEditorProps {
  ruleName: string;
  /** Open on arrival (the rules list's "Edit" link). */
  isInitiallyOpen: boolean;
  /** The rule form (and what it cannot show), rendered by the page. */
  children: ReactNode;
}

/**
 * A rule's page opens on its words; the form of some thirty controls opens on "Edit rule" and closes on
 * "Close editor". Both are buttons with aria-expanded; opening moves the focus to the rule's name field, and
 * closing gives it back to "Edit rule", so the keyboard never loses its place.
 */
export function RuleEditor({ ruleName, isInitiallyOpen, children }: RuleEditorProps) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const focusTarget = useRef<"form" | "opener" | null>(isInitiallyOpen ? "form" : null);

  useEffect(() => {
    if (focusTarget.current === "form") panel.current?.querySelector<HTMLInputElement>("input[name=name]")?.focus();
    if (focusTarget.current === "opener") opener.current?.focus();
    focusTarget.current = null;
  }, [isOpen]);

  if (!isOpen) {
    return (
      <Button
        ref={opener}
        type="button"
        variant="secondary"
        size="sm"
        aria-expanded={false}
        aria-controls={panelId}
        onClick={() => {
          focusTarget.current = "form";
          setIsOpen(true);
        }}
      >
        Edit rule
      </Button>
    );
  }
  return (
    <div id={panelId} ref={panel} role="region" aria-label={`Edit ${ruleName}`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Edit</h2>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded
          aria-controls={panelId}
          onClick={() => {
            focusTarget.current = "opener";
            setIsOpen(false);
          }}
        >
          Close editor
        </Button>
      </div>
      {children}
    </div>
  );
}
