import { VolumeChart } from "@/components/charts/volume-chart";
import type { ReleasePage } from "@/lib/views/releases";

const dayMs = 86_400_000;

/** Events and sessions of the release per day, the last 14 days. */
export function ReleaseCharts({ days }: { days: ReleasePage["days"] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="mb-1 text-sm font-medium">Events</h3>
        <VolumeChart buckets={days.map((day) => ({ start: day.start, count: day.events }))} bucketMs={dayMs} period="the last 14 days" />
      </div>
      <div>
        <h3 className="mb-1 text-sm font-medium">Sessions</h3>
        <VolumeChart buckets={days.map((day) => ({ start: day.start, count: day.sessions }))} bucketMs={dayMs} period="the last 14 days" noun={{ one: "session", many: "sessions" }} />
      </div>
    </div>
  );
}
