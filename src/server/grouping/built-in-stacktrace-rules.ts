import { parseStacktraceRules, type StacktraceRule } from "./parse-stacktrace-rules";

/**
 * The relevant part of Sentry's built-in base `all-platforms:2023-01-11` (sentry-protocol §5.8), written in
 * the project rule syntax. It runs before a project's rules, and later rules win, so order matters: the
 * broad `+app` for bundler URLs comes first and the `-app` exclusions after it.
 * Not included: Java/Android categories and the `reportError` wrapper rule, which §5.8 only summarises.
 */
export const builtInStacktraceRulesText = `
# Bundled JavaScript: webpack:// (webpack 4 and 5 namespaces) and app:/// (React Native, Electron) are the app…
family:javascript path:webpack://** +app
family:javascript path:app://** +app
# …except webpack's ~/ alias for node_modules, which the generic node_modules rule below also covers.
family:javascript path:webpack://**/~/** -app

# Vendored and installed dependencies (PHP/Go/Ruby vendor, Python site/dist-packages, npm).
path:**/vendor/** -app
path:**/site-packages/** -app
path:**/dist-packages/** -app
path:**/node_modules/** -app

# Libraries served from public CDNs.
family:javascript module:unpkg/** -app
family:javascript path:**/unpkg.com/** -app
family:javascript path:**/cdnjs.cloudflare.com/** -app
family:javascript path:**/cdn.jsdelivr.net/** -app
family:javascript path:**/esm.run/** -app

# Transpiler helpers and polyfills: never the app, and too generic to tell issues apart.
family:javascript module:@babel/** -app -group
family:javascript module:core-js/** -app -group
family:javascript module:regenerator-runtime/** -app -group
family:javascript module:tslib/** -app -group
family:javascript function:_callSuper -app -group

# Node.js internals; Node names some of them with a receiver (process.processTicksAndRejections).
family:javascript path:node:** -app
family:javascript function:runMicrotasks -app -group
family:javascript function:*.runMicrotasks -app -group
family:javascript function:queueMicrotask -app -group
family:javascript function:*.queueMicrotask -app -group
family:javascript function:processTicksAndRejections -app -group
family:javascript function:*.processTicksAndRejections -app -group
family:javascript function:runNextTicks -app -group
family:javascript function:*.runNextTicks -app -group
family:javascript function:nextTick -app -group
family:javascript function:*.nextTick -app -group

# Dart compiled to JavaScript (Flutter web): the SDK's own frames.
family:javascript path:org-dartlang-sdk:///** -app -group

# Go modules downloaded into the module cache.
path:**/pkg/mod/** -app
`;

export const builtInStacktraceRules: StacktraceRule[] = parseStacktraceRules(builtInStacktraceRulesText);
