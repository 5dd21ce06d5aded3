// POST /api/{projectId}/csp-report/ — Relay's alias of /security/.
export { POST, OPTIONS } from "../security/route";
