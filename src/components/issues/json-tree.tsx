"use client";

import { useState } from "react";

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Colours per kind of value, each with enough contrast on the muted panel in both themes. */
const tone = {
  key: "text-sky-800 dark:text-sky-300",
  string: "text-emerald-800 dark:text-emerald-300",
  number: "text-amber-800 dark:text-amber-300",
  literal: "text-violet-800 dark:text-violet-300",
  punctuation: "text-muted-foreground",
};

function Scalar({ value }: { value: JsonValue }) {
  if (typeof value === "string") return <span className={tone.string}>{JSON.stringify(value)}</span>;
  if (typeof value === "number") return <span className={tone.number}>{String(value)}</span>;
  return <span className={tone.literal}>{String(value)}</span>;
}

interface NodeProps {
  /** The key in its parent object (null: an array element or the root). */
  name: string | null;
  value: JsonValue;
  isLast: boolean;
}

function Key({ name }: { name: string | null }) {
  if (name === null) return null;
  return (
    <>
      <span className={tone.key}>{JSON.stringify(name)}</span>
      <span className={tone.punctuation}>: </span>
    </>
  );
}

/**
 * One value of the tree. Objects and arrays fold with their button; folded children stay in the document
 * (hidden), so the page's find and copy still see the whole event. Everything is rendered as React text.
 */
function JsonNode({ name, value, isLast }: NodeProps) {
  const [isOpen, setIsOpen] = useState(true);
  const comma = isLast ? null : <span className={tone.punctuation}>,</span>;
  if (value === null || typeof value !== "object") {
    return (
      <div className="pl-4">
        <Key name={name} />
        <Scalar value={value} />
        {comma}
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string | null, JsonValue][] = isArray ? value.map((item) => [null, item]) : Object.entries(value);
  const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) {
    return (
      <div className="pl-4">
        <Key name={name} />
        <span className={tone.punctuation}>{`${open}${close}`}</span>
        {comma}
      </div>
    );
  }
  const size = `${entries.length} ${isArray ? (entries.length === 1 ? "item" : "items") : entries.length === 1 ? "key" : "keys"}`;
  const toggle = (
    <button
      type="button"
      aria-expanded={isOpen}
      aria-label={`${name ?? (isArray ? "array" : "object")}, ${size}`}
      onClick={() => setIsOpen((previous) => !previous)}
      className="-ml-4 inline-block w-4 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span aria-hidden className={isOpen ? "inline-block rotate-90" : "inline-block"}>
        ›
      </span>
    </button>
  );
  return (
    <div className="pl-4">
      {toggle}
      <Key name={name} />
      <span className={tone.punctuation}>{open}</span>
      {isOpen ? null : (
        <>
          <span className="text-muted-foreground"> … {size} </span>
          <span className={tone.punctuation}>{close}</span>
          {comma}
        </>
      )}
      <div hidden={!isOpen}>
        {entries.map(([key, item], index) => (
          <JsonNode key={index} name={key} value={item} isLast={index === entries.length - 1} />
        ))}
      </div>
      {isOpen ? (
        <div>
          <span className={tone.punctuation}>{close}</span>
          {comma}
        </div>
      ) : null}
    </div>
  );
}

/** A JSON document as a folding, highlighted tree (objects and arrays open; each folds with its arrow). */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  // A round trip leaves only JSON's own types (no undefined, functions or prototypes).
  const json = JSON.parse(JSON.stringify(value) ?? "null") as JsonValue;
  return (
    <div role="group" aria-label={label} tabIndex={0} className="overflow-auto font-mono text-[11px] leading-relaxed wrap-break-word whitespace-pre-wrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
      <JsonNode name={null} value={json} isLast />
    </div>
  );
}
