import Link from "next/link";
import { RelativeTime } from "@/components/issues/relative-time";
import { Badge } from "@/components/ui/badge";
import { describeItemTypes, itemTypeLabel } from "@/lib/describe-envelope-items";
import type { ReceivedEnvelope } from "@/lib/views/intake";

export function ReceivedEnvelopeList({ projectSlug, envelopes }: { projectSlug: string; envelopes: ReceivedEnvelope[] }) {
  return (
    <ul className="divide-y divide-border" aria-label="Received envelopes">
      {envelopes.map((envelope) => (
        <li key={envelope.id} className="py-2.5">
          <Link href={`/projects/${projectSlug}/received/${envelope.id}`} prefetch={false} className="block hover:underline">
            <span className="text-sm">{envelope.summary ?? describeItemTypes(envelope.itemTypes)}</span>
          </Link>
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            {envelope.itemTypes.map((type, index) => (
              <Badge key={`${type}-${index}`}>{itemTypeLabel(type)}</Badge>
            ))}
            <RelativeTime time={envelope.receivedAt} />
            {envelope.sdkName ? <span>· {envelope.sdkName}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
