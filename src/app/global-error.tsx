"use client";

import * as Sentry from "@sentry/nextjs";
import { useEffect } from "react";
import { ApplicationErrorMessage } from "@/components/application-error-message";
import "@/styles/globals.css";

/** Replaces the root layout when it fails, so it renders its own document. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    Sentry.captureException(error);
  }, [error]);
  return (
    <html lang="en">
      <body>
        <ApplicationErrorMessage isServerSide={Boolean(error.digest)} digest={error.digest} />
      </body>
    </html>
  );
}
