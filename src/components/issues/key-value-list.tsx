import { SafeLink } from "./safe-link";

/** Key/value pairs of event data (tags, user, request, a context) as a description list; http(s) URLs become safe links. */
export function KeyValueList({ entries, label }: { entries: [string, string][]; label?: string }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,max-content)_1fr] gap-x-4 gap-y-1 text-xs" aria-label={label}>
      {entries.map(([key, value], index) => (
        <div key={`${key}-${index}`} className="contents">
          <dt className="font-mono text-muted-foreground break-all">{key}</dt>
          <dd className="font-mono break-all">
            <SafeLink href={value}>{value}</SafeLink>
          </dd>
        </div>
      ))}
    </dl>
  );
}
