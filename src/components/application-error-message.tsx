/**
 * The generic fallback of the original specification: which side failed, and the server's digest
 * when it supplied one, so that a report can be matched to the server log and the diagnostics event.
 */
export function ApplicationErrorMessage({ isServerSide, digest }: { isServerSide: boolean; digest?: string }) {
  return (
    <div className="mx-auto max-w-xl py-24 text-center">
      <h1 className="text-lg font-semibold">
        {isServerSide
          ? "Application error: a server-side exception has occurred (see the server logs for more information)."
          : "Application error: a client-side exception has occurred (see the browser console for more information)."}
      </h1>
      {digest ? <p className="mt-3 font-mono text-sm text-muted-foreground">Digest: {digest}</p> : null}
    </div>
  );
}
