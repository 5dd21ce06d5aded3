/**
 * The issue page's skeleton, in the same boxes and heights as the page (header, actions, facts, the
 * fixed-height chart, the event), so nothing jumps when the data arrives.
 */
export function IssuePageSkeleton() {
  const block = "animate-pulse rounded bg-muted";
  return (
    <div aria-busy="true" aria-label="Loading the issue">
      <div className="mb-6 space-y-2">
        <div className={`${block} h-8 w-3/4 max-w-xl`} />
        <div className={`${block} h-4 w-1/2 max-w-sm`} />
      </div>
      <div className={`${block} mb-6 h-28 w-full rounded-lg`} />
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <div className="h-64 rounded-lg border border-border bg-card p-5">
          <div className={`${block} mb-4 h-5 w-20`} />
          <div className="grid grid-cols-2 gap-4">
            {Array.from({ length: 4 }, (_, index) => (
              <div key={index} className={`${block} h-10`} />
            ))}
          </div>
        </div>
        <div className="h-64 rounded-lg border border-border bg-card p-5">
          <div className={`${block} mb-3 h-5 w-32`} />
          <div className={`${block} mt-4 h-28 w-full`} />
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="h-[32rem] rounded-lg border border-border bg-card p-5">
          <div className={`${block} mb-3 h-5 w-32`} />
          <div className={`${block} mb-6 h-4 w-2/3`} />
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className={`${block} mb-2 h-9 w-full`} />
          ))}
        </div>
        <div className="h-64 rounded-lg border border-border bg-card p-5">
          <div className={`${block} mb-3 h-5 w-24`} />
          <div className={`${block} h-8 w-full`} />
        </div>
      </div>
      <span className="sr-only" role="status">
        Loading the issue…
      </span>
    </div>
  );
}
