"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

function ThrowDuringRender(): never {
  throw new Error("Lantern diagnostics: client render failure");
}

export function DiagnosticsPanel() {
  const [shouldThrow, setShouldThrow] = useState(false);
  const [lastAction, setLastAction] = useState<string | null>(null);
  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            setTimeout(() => {
              throw new Error("Lantern diagnostics: unhandled browser error");
            });
            setLastAction("Raised an unhandled error.");
          }}
        >
          Raise an unhandled error
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setTimeout(() => {
              void Promise.reject(new Error("Lantern diagnostics: unhandled promise rejection"));
            });
            setLastAction("Rejected a promise nobody handles.");
          }}
        >
          Reject a promise
        </Button>
        <Button variant="danger" onClick={() => setShouldThrow(true)}>
          Crash this page
        </Button>
      </div>
      {lastAction ? (
        <p role="status" className="text-sm text-muted-foreground">
          {lastAction}
        </p>
      ) : null}
      {shouldThrow ? <ThrowDuringRender /> : null}
    </div>
  );
}
