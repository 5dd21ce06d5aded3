import { IngestRefusal } from "../errors";
import { readCheckIn } from "../monitors/read-check-in-item";
import { serializeEnvelope } from "./serialize-envelope";

/** Relay's body limit for the HTTP check-in endpoint. */
export const maxCheckInBodyBytes = 1024 * 1024;

const utf8 = new TextDecoder();

/**
 * A check-in sent to Sentry's HTTP endpoint (`/api/{project}/cron/{slug}/{key}/`, telemetry-protocol §2.1) as
 * the envelope an SDK would have sent: a JSON body is the check-in itself (it may carry `monitor_config`), any
 * other request names it in the query (`status`, `check_in_id`, `environment`, `duration` in seconds); the
 * path's slug wins over the body's. Checked here, so a bad check-in is a 400 with its reason rather than an
 * accepted request that digest drops.
 */
export function checkInRequestToEnvelope(input: { slug: string; query: URLSearchParams; contentType: string | null; body: Uint8Array }): Uint8Array {
  let checkIn: Record<string, unknown>;
  if (input.contentType?.toLowerCase().startsWith("application/json") && input.body.length > 0) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(utf8.decode(input.body));
    } catch {
      throw new IngestRefusal("bad_request", "the check-in body is not JSON");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new IngestRefusal("bad_request", "the check-in body is not a JSON object");
    checkIn = { ...(parsed as Record<string, unknown>), monitor_slug: input.slug };
  } else {
    const status = input.query.get("status");
    if (!status) throw new IngestRefusal("bad_request", "name the check-in's status: ?status=in_progress, ok or error");
    const duration = input.query.get("duration");
    checkIn = {
      monitor_slug: input.slug,
      status,
      ...(input.query.get("check_in_id") ? { check_in_id: input.query.get("check_in_id") } : {}),
      ...(input.query.get("environment") ? { environment: input.query.get("environment") } : {}),
      ...(duration !== null && duration !== "" ? { duration: Number(duration) } : {}),
    };
    if ("duration" in checkIn && !Number.isFinite(checkIn.duration)) throw new IngestRefusal("bad_request", "duration is not a number of seconds");
  }
  try {
    readCheckIn(checkIn, { projectId: 0, intakeId: 0, receivedAt: 0 });
  } catch (error) {
    throw new IngestRefusal("bad_request", (error as Error).message);
  }
  return serializeEnvelope({}, [{ header: { type: "check_in" }, payload: Buffer.from(JSON.stringify(checkIn)) }]);
}
