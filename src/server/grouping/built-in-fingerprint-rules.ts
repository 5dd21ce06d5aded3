import { parseFingerprintRules, type FingerprintRule } from "./parse-fingerprint-rules";

/**
 * Sentry's built-in fingerprinting base `javascript@2024-02-02` (sentry-protocol §5.6), verbatim: chunk-load
 * failures become one issue, and React hydration errors one issue per transaction. The caller tries a
 * project's own rules first and these after them.
 */
export const builtInFingerprintRulesText = `
family:javascript error.type:"ChunkLoadError" -> chunkloaderror
family:javascript error.value:"ChunkLoadError*" -> chunkloaderror
family:javascript tags.transaction:"*" message:"Hydration failed because the initial UI does not match what was rendered on the server." -> hydrationerror, {{tags.transaction}}
family:javascript tags.transaction:"*" message:"The server could not finish this Suspense boundary, likely due to an error during server rendering. Switched to client rendering." -> hydrationerror, {{tags.transaction}}
family:javascript tags.transaction:"*" message:"There was an error while hydrating this Suspense boundary. Switched to client rendering." -> hydrationerror, {{tags.transaction}}
family:javascript tags.transaction:"*" message:"There was an error while hydrating. Because the error happened outside of a Suspense boundary, the entire root will switch to client rendering." -> hydrationerror, {{tags.transaction}}
family:javascript tags.transaction:"*" message:"Text content does not match server-rendered HTML." -> hydrationerror, {{tags.transaction}}
`;

export const builtInFingerprintRules: FingerprintRule[] = parseFingerprintRules(builtInFingerprintRulesText);
