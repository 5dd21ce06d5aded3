"use client";

import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

/** The SDK's integrations (often twenty or more names): their count, and the names in a popover. */
export function SdkIntegrations({ integrations }: { integrations: string[] }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className="mt-1 h-7 px-2 text-xs">
          {integrations.length === 1 ? "1 integration" : `${integrations.length} integrations`}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="SDK integrations">
        <ul className="flex flex-wrap gap-1 font-mono text-xs">
          {integrations.map((name, index) => (
            <li key={`${name}-${index}`} className="rounded border border-border bg-muted px-1.5 py-0.5 wrap-break-word">
              {name}
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
