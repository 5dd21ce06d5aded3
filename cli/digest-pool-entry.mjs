// A digest pool thread's entry: like cli/lantern.mjs, it runs TypeScript through tsx (dist/ has its own build).
import { register } from "tsx/esm/api";

register({ tsconfig: new URL("../tsconfig.json", import.meta.url).pathname });
await import("./digest-pool-main.ts");
