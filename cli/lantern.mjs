#!/usr/bin/env node
// The `lantern` command. Runs cli/main.ts through tsx, so the CLI works right after `npm ci`.
import { register } from "tsx/esm/api";

register({ tsconfig: new URL("../tsconfig.json", import.meta.url).pathname });
await import("./main.ts");
