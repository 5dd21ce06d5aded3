export function SelfMonitoring() {
  return (
    <>
      <p>
        Lantern watches itself with the Sentry Next.js SDK. On first start it creates a project called <strong>Lantern</strong>. Its browser code sends through the same-origin path <code>/monitoring</code>, so ad blockers and CORS do not get in the way, and its server code sends to the same path over loopback.
      </p>
      <p>
        <code>/monitoring</code> accepts an envelope only when the DSN in its header belongs to a project of this instance. To send Lantern&apos;s own errors somewhere else, set <code>LANTERN_UPSTREAM_DSN</code>: the SDKs then use that DSN and <code>/monitoring</code> forwards their envelopes unchanged.
      </p>
      <p>
        Redirects, visits to missing pages and incomplete router traces are not errors and are not recorded. Use <strong>Settings → Diagnostics</strong> to raise test errors and check the set-up end to end.
      </p>
    </>
  );
}
