#!/usr/bin/env node
// Run after every `npm install`. The registry this project installs from here serves only some of the
// platform-specific optional packages (e.g. @next/swc-darwin-arm64 answers 404), so npm leaves them out of
// package-lock.json — and `npm ci` then refuses the lockfile ("Missing: … from lock file"). This adds an
// entry for each missing optional package with the os/cpu/libc its name declares, so npm skips it on
// platforms it does not fit, exactly as it would with the full registry.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;

const osNames = ["android", "darwin", "freebsd", "openbsd", "openharmony", "win32", "linux", "sunos", "aix", "netbsd"];
const cpuNames = [
  ["arm64", "arm64"], ["aarch64", "arm64"], ["x64", "x64"], ["x86_64", "x64"], ["ia32", "ia32"], ["loong64", "loong64"], ["ppc64", "ppc64"],
  ["riscv64", "riscv64"], ["s390x", "s390x"], ["wasm32", "wasm32"], ["arm", "arm"],
];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = osNames.find((candidate) => parts.includes(candidate));
  const cpu = cpuNames.find(([token]) => parts.includes(token) || parts.some((part) => part.startsWith(token) && token === "arm"))?.[1];
  const libc = parts.includes("musl") || parts.some((part) => part.startsWith("musl")) ? "musl" : parts.includes("gnu") || parts.some((part) => part.startsWith("gnueabi")) ? "glibc" : undefined;
  return { os: os ? [os] : undefined, cpu: cpu ? [cpu] : undefined, libc: libc ? [libc] : undefined };
}

let added = 0;
for (const [location, entry] of Object.entries({ ...packages })) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${dependency}`;
    const hoisted = `node_modules/${dependency}`;
    if (packages[nested] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(dependency);
    if (!os && !cpu) throw new Error(`cannot tell the platform of ${dependency}; add its lock entry by hand`);
    packages[hoisted] = { version, optional: true, ...(os && { os }), ...(cpu && { cpu }), ...(libc && { libc }) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform-specific optional packages`);
