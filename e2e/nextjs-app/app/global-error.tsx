"use client";

import * as Sentry from "@sentry/nextjs";
import { useEffect } from "react";

// The wizard's global-error.tsx, plus the digest line a team shows its users.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    Sentry.captureException(error);
  }, [error]);

  return (
    <html lang="en">
      <body>
        <h1>Something went wrong</h1>
        {error.digest ? <p>Digest: {error.digest}</p> : null}
      </body>
    </html>
  );
}
