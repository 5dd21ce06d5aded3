// The client address on the ingest hot path (access/resolve-client-address.ts): ns per request for the
// usual set-ups, with a few returning clients (the common case) and with every request from a new
// address (the worst case). Run: npx tsx bench/client-address.ts [calls=300000]
import { resolveClientAddress } from "../src/server/access/resolve-client-address";
import { loadConfig } from "../src/server/config";

const calls = Number(process.argv[2] ?? 300_000);
const clientsV4 = Array.from({ length: 50 }, (_, index) => `198.51.100.${index + 1}`);
const clientsV6 = Array.from({ length: 50 }, (_, index) => `2001:db8::${(index + 1).toString(16)}`);
const freshV4 = (index: number) => `${11 + ((index >> 16) % 200)}.${(index >> 8) & 255}.${index & 255}.7`;
const freshV6 = (index: number) => `2001:db8:${(index >> 16).toString(16)}:${(index & 0xffff).toString(16)}::7`;

const cases: { name: string; trusted: string; socket: string; header: (index: number) => string | null }[] = [
  { name: "no proxy configured", trusted: "", socket: "203.0.113.9", header: () => "1.1.1.1" },
  { name: "one proxy, IPv4 clients", trusted: "10.0.0.2", socket: "10.0.0.2", header: (index) => `1.1.1.1, ${clientsV4[index % 50]}` },
  { name: "CIDR chain, IPv6 clients", trusted: "10.0.0.0/8, fd00::/8", socket: "10.0.0.2", header: (index) => `1.1.1.1, ${clientsV6[index % 50]}, 10.1.2.3` },
  { name: "one proxy, every IPv4 client new", trusted: "10.0.0.2", socket: "10.0.0.2", header: (index) => `1.1.1.1, ${freshV4(index)}` },
  { name: "CIDR chain, every IPv6 client new", trusted: "10.0.0.0/8, fd00::/8", socket: "10.0.0.2", header: (index) => `1.1.1.1, ${freshV6(index)}, 10.1.2.3` },
];

for (const { name, trusted, socket, header } of cases) {
  const proxies = loadConfig({ LANTERN_TRUSTED_PROXIES: trusted }).trustedProxies;
  const headers = Array.from({ length: calls }, (_, index) => header(index));
  for (let index = 0; index < 20_000; index++) resolveClientAddress(socket, headers[index], proxies);
  const start = process.hrtime.bigint();
  for (let index = 0; index < calls; index++) resolveClientAddress(socket, headers[index], proxies);
  const ns = Number(process.hrtime.bigint() - start) / calls;
  console.log(`${name.padEnd(36)} ${ns.toFixed(0).padStart(6)} ns per request`);
}
