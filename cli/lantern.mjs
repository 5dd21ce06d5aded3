#!/usr/bin/env node
// The `lantern` command. `lantern start` runs the bundle `npm run build` compiled into dist/ when it
// belongs to the current Next build; everything else (and a start without that bundle) runs cli/main.ts
// through tsx, so the CLI works right after `npm ci`.
import { register } from "tsx/esm/api";
import { hasCurrentServerBundle } from "./server-bundle.mjs";

const root = new URL("../", import.meta.url);

if (process.argv[2] === "start" && hasCurrentServerBundle(root)) {
  await import(new URL("dist/lantern.mjs", root).href);
} else {
  register({ tsconfig: new URL("tsconfig.json", root).pathname });
  await import("./main.ts");
}
