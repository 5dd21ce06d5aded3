"use client";

import * as Sentry from "@sentry/nextjs";
import { useEffect } from "react";
import { ApplicationErrorMessage } from "@/components/application-error-message";

export default function ErrorPage({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    Sentry.captureException(error);
  }, [error]);
  return <ApplicationErrorMessage isServerSide={Boolean(error.digest)} digest={error.digest} />;
}
