import { expect } from "vitest";
import { addUser, emptyUserSketch, encodeUserSketch } from "@/lib/user-sketch";
import { parseSessionsRequest } from "@/server/sessions/parse-sessions-request";
import { querySessions } from "@/server/sessions/query-sessions";
import { insertRow, type SeedTarget } from "../seed-sql";
import { hour, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * checkout@2.4.0's sessions as 0029 stores them: 20 started in one hour, 2 crashed; the users of that hour
 * (five, one of whom crashed) as user sketches, and a session id already counted as ended.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  const at = now - 3 * hour;
  const sessionHour = at - (at % hour);
  const sketchOf = (users: string[]) => {
    const sketch = emptyUserSketch();
    for (const user of users) addUser(sketch, user);
    return encodeUserSketch(sketch);
  };
  const key = { project_id: checkout, release: "checkout@2.4.0", environment: "production", hour: sessionHour };
  for (const [status, quantity] of [["started", 20], ["crashed", 2]] as const) await insertRow(target, "session_counts", { ...key, status, quantity });
  await insertRow(target, "session_users", { ...key, status: "started", sketch: sketchOf(["u1", "u2", "u3", "u4", "u5"]) });
  await insertRow(target, "session_users", { ...key, status: "crashed", sketch: sketchOf(["u2"]) });
  await insertRow(target, "session_marks", { project_id: checkout, session_id: "7b3d0f5ce4b44b3c9f0a2d6e1c8b9a70", mark: "ended", seen_at: at });
}

export async function check({ context }: Upgraded): Promise<void> {
  const request = parseSessionsRequest(new URLSearchParams("field=sum(session)&field=count_unique(user)&field=crash_free_rate(session)&field=crash_free_rate(user)&query=release:checkout@2.4.0&statsPeriod=1d"), now);
  const result = await querySessions(context, request);
  expect(result.groups.map((group) => group.totals)).toEqual([{ "sum(session)": 20, "count_unique(user)": 5, "crash_free_rate(session)": 0.9, "crash_free_rate(user)": 0.8 }]);
}
