/** The event list's skeleton: header, filter bar and table rows at their final heights. */
export default function EventListLoading() {
  const block = "animate-pulse rounded bg-muted";
  return (
    <div aria-busy="true" aria-label="Loading the events">
      <div className="mb-6 space-y-2">
        <div className={`${block} h-8 w-40`} />
        <div className={`${block} h-4 w-2/3 max-w-md`} />
      </div>
      <div className={`${block} mb-4 h-24 w-full rounded-lg`} />
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} className={`${block} mb-1 h-14 w-full`} />
      ))}
      <span className="sr-only" role="status">
        Loading the events…
      </span>
    </div>
  );
}
