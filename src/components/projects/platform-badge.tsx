import { Badge } from "@/components/ui/badge";
import { platformLabels } from "@/lib/platforms";

/** A project's platform in words ("Next.js"); a platform stored by an older version shows as stored. */
export function PlatformBadge({ platform }: { platform: string }) {
  return <Badge>{(platformLabels as Record<string, string | undefined>)[platform] ?? platform}</Badge>;
}
