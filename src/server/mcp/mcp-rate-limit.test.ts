import { expect, it } from "vitest";
import { takeMcpCall } from "./mcp-rate-limit";

it("gives each token its own budget per minute and says how long to wait when it is spent", () => {
  const start = 1_000_000;
  for (let call = 0; call < 3; call++) expect(takeMcpCall("token-a", 3, start + call)).toBeNull();
  expect(takeMcpCall("token-a", 3, start + 10)).toBe(60);
  expect(takeMcpCall("token-a", 3, start + 45_000)).toBe(15);
  expect(takeMcpCall("token-b", 3, start + 45_000)).toBeNull();
  expect(takeMcpCall("token-a", 3, start + 60_000)).toBeNull();
});
