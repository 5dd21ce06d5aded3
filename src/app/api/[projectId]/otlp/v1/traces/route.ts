// POST /api/{projectId}/otlp/v1/traces — Sentry's older alias of /integration/otlp/v1/traces.
export { POST, OPTIONS } from "../../../integration/otlp/v1/traces/route";
