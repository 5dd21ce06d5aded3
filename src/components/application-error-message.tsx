"use client";

import Link from "next/link";
import { useIsSignedIn } from "./shell/signed-in-context";

/**
 * The generic fallback of the original specification: which side failed, and the server's digest
 * when it supplied one, so that a report can be matched to the server log and the diagnostics event.
 * Someone signed in is told where the digest leads: Find by digest opens the server event behind it.
 */
export function ApplicationErrorMessage({ isServerSide, digest }: { isServerSide: boolean; digest?: string }) {
  const isSignedIn = useIsSignedIn();
  return (
    <div className="mx-auto max-w-xl py-24 text-center">
      <h1 className="text-lg font-semibold">
        {isServerSide
          ? "Application error: a server-side exception has occurred (see the server logs for more information)."
          : "Application error: a client-side exception has occurred (see the browser console for more information)."}
      </h1>
      {digest ? <p className="mt-3 font-mono text-sm text-muted-foreground">Digest: {digest}</p> : null}
      {digest && isSignedIn ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Paste the digest into <strong>Find by digest</strong> (the search box in the header), or{" "}
          <Link href={`/digest?${new URLSearchParams({ value: digest }).toString()}`} prefetch={false}>
            look it up now
          </Link>
          , to open the server event behind this error.
        </p>
      ) : null}
    </div>
  );
}
