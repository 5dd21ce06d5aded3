// The digest worker thread's entry: like cli/lantern.mjs, it runs TypeScript through tsx.
import { register } from "tsx/esm/api";

register({ tsconfig: new URL("../tsconfig.json", import.meta.url).pathname });
await import("./digest-thread-main.ts");
