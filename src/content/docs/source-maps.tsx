import Link from "next/link";
import { CodeBlock } from "@/components/ui/code-block";
import { sentryCliCommands, sentryCliReleaseCommands, uploadTokenCommand, type UploadTarget } from "@/lib/source-map-commands";
import type { DocsInstance } from "@/server/pages/load-docs-project";
import { exampleProjectSlug } from "./example-dsn";
import type { DocSection } from "./doc-section";

/** withSentryConfig for a Next.js app that uploads its maps to Lantern (the option names of @sentry/nextjs 10). */
export function nextjsUploadConfig(target: UploadTarget): string {
  return `import { withSentryConfig } from "@sentry/nextjs/config";
import type { NextConfig } from "next";

const nextConfig: NextConfig = {};

export default withSentryConfig(nextConfig, {
  sentryUrl: ${JSON.stringify(target.url)},
  org: ${JSON.stringify(target.org)},
  project: ${JSON.stringify(target.project)},
  authToken: process.env.SENTRY_AUTH_TOKEN,
  silent: !process.env.CI,
  telemetry: false,
  tunnelRoute: "/monitoring",
});`;
}

/** The Vite plugin (`@sentry/vite-plugin`): hidden maps, uploaded and then deleted from the output. */
export function viteUploadConfig(target: UploadTarget): string {
  return `import { sentryVitePlugin } from "@sentry/vite-plugin";
import { defineConfig } from "vite";

export default defineConfig({
  build: { sourcemap: "hidden" },
  plugins: [
    sentryVitePlugin({
      url: ${JSON.stringify(target.url)},
      org: ${JSON.stringify(target.org)},
      project: ${JSON.stringify(target.project)},
      authToken: process.env.SENTRY_AUTH_TOKEN,
      telemetry: false,
      sourcemaps: { filesToDeleteAfterUpload: ["./dist/**/*.map"] },
    }),
  ],
});`;
}

/** The webpack plugin (`@sentry/webpack-plugin`). */
export function webpackUploadConfig(target: UploadTarget): string {
  return `const { sentryWebpackPlugin } = require("@sentry/webpack-plugin");

module.exports = {
  // …your configuration
  devtool: "hidden-source-map",
  plugins: [
    sentryWebpackPlugin({
      url: ${JSON.stringify(target.url)},
      org: ${JSON.stringify(target.org)},
      project: ${JSON.stringify(target.project)},
      authToken: process.env.SENTRY_AUTH_TOKEN,
      telemetry: false,
    }),
  ],
};`;
}

/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const sourceMapsSections: DocSection[] = [
  { id: "how-a-frame-finds-its-map", title: "How a frame finds its map" },
  { id: "a-token-for-ci", title: "A token for CI" },
  { id: "sentry-cli", title: "sentry-cli" },
  { id: "next-js", title: "Next.js" },
  { id: "vite", title: "Vite" },
  { id: "webpack", title: "webpack" },
  { id: "managing-uploads", title: "Managing uploads" },
  { id: "troubleshooting", title: "Troubleshooting" },
  { id: "lantern-s-own-errors", title: "Lantern's own errors" },
];

/** Docs → Source maps, with this instance's URL and organization, and a project the viewer sees, written in. */
export function SourceMaps({ instance, project }: { instance: DocsInstance | null; project: { slug: string; name: string } | null }) {
  const target: UploadTarget = { url: instance?.url ?? "https://lantern.example.com", org: instance?.org ?? "lantern", project: project?.slug ?? exampleProjectSlug };
  return (
    <>
      <p>
        Browsers and bundled servers run minified JavaScript, so their stack traces read <code>at pi (app.min.js:1:28948)</code>. Upload each build&apos;s source maps and Lantern shows the original
        function, file, line and five lines of source instead — and groups on them, so one bug stays one issue across builds whose minified names differ. The tools are the ones Sentry documents,
        unmodified: <code>sentry-cli</code> 2.x or 3.x and the bundler plugins built on it. Only the URL, the organization, the project and the token change.
      </p>
      <p>
        For this instance: URL <code>{target.url}</code>, organization <code>{target.org}</code>
        {project ? (
          <>
            , project <code>{project.slug}</code> ({project.name}; another project: add <code>?project=its-slug</code> to this page&apos;s address)
          </>
        ) : (
          <>
            , and <code>{exampleProjectSlug}</code> stands for your project&apos;s slug
          </>
        )}
        .
      </p>
      <h2 id="how-a-frame-finds-its-map">How a frame finds its map</h2>
      <ul>
        <li>
          <strong>By debug ID</strong> (preferred): <code>sentry-cli sourcemaps inject</code> (or a bundler plugin) writes a unique ID into each built file and its map. The SDK sends the IDs of the files in
          a stack trace with the event, and Lantern looks the map up by ID. No release needed, no URL to get right.
        </li>
        <li>
          <strong>By release and URL</strong>: without debug IDs, the event&apos;s <code>release</code> (and <code>dist</code>) and the frame&apos;s URL must match an uploaded file: exactly, or as{" "}
          <code>~/</code> plus its path (query string ignored); the map is the one the file&apos;s <code>sourceMappingURL</code> names.
        </li>
      </ul>
      <p>
        Maps are applied when Lantern digests an event. An event that arrived before its maps were uploaded is resolved when its page is shown, and the page says so.
      </p>
      <h2 id="a-token-for-ci">A token for CI</h2>
      <p>
        Uploads need a token with the <strong>upload</strong> scope: it can upload source maps and manage releases of your projects, and read nothing else — the right thing to keep in a CI secret (a{" "}
        <code>write</code> or <code>admin</code> token may upload too). Make
        one under <Link href="/settings/account">Settings → Account</Link> (API tokens, scope &ldquo;upload&rdquo;) or on the server:
      </p>
      <CodeBlock code={uploadTokenCommand(instance?.email ?? "you@example.com")} label="token command" />
      <p>
        Give it to the tools as <code>SENTRY_AUTH_TOKEN</code>. It is in Sentry&apos;s organization-token format (<code>sntrys_…</code>) and names this instance&apos;s URL and organization, so
        sentry-cli needs neither <code>--url</code>/<code>SENTRY_URL</code> nor <code>--org</code> with it (when given, they must be exactly the token&apos;s). Tokens made before Lantern used this
        format (<code>lnt_…</code>) still work, given the URL and organization; sentry-cli warns &ldquo;Unrecognized auth token format&rdquo; for them.
      </p>
      <h2 id="sentry-cli">sentry-cli</h2>
      <p>
        After the production build, inject debug IDs into the output, deploy those files (the injected ones — their IDs must reach the browser), and upload:
      </p>
      <CodeBlock code={sentryCliCommands(target)} label="sentry-cli commands" />
      <p>
        <code>SENTRY_URL</code> can also be given as <code>sentry-cli --url …</code>; <code>SENTRY_ORG</code> and <code>SENTRY_PROJECT</code> replace <code>--org</code> and <code>--project</code>. Without
        debug IDs, upload for a release, with the URL prefix under which the browser loads the files (the SDK must send the same <code>release</code>):
      </p>
      <CodeBlock code={sentryCliReleaseCommands(target)} label="release upload command" />
      <p>Older sentry-cli versions that upload release files one at a time, or a whole release archive, work too.</p>
      <h2 id="next-js">Next.js</h2>
      <p>
        <code>withSentryConfig</code> uploads the maps of every <code>next build</code> when it has a token; with Next.js 16&apos;s Turbopack the build gives each chunk a debug ID itself. The token
        alone is enough: the plugin passes sentry-cli its default URL (sentry.io), and sentry-cli uses the URL in Lantern&apos;s token instead, with a warning that it did.{" "}
        <code>sentryUrl</code> set to this instance&apos;s URL, exactly as in the token, avoids the warning. Set the SDKs up as in <Link href="/docs/getting-started/nextjs">Getting started with Next.js</Link>, then:
      </p>
      <CodeBlock code={nextjsUploadConfig(target)} label="next.config.ts" />
      <p>
        By default the plugin deletes the browser maps from <code>.next/static</code> after the upload, so they are not served. Without <code>SENTRY_AUTH_TOKEN</code> the build skips the upload with a
        warning (local builds).
      </p>
      <h2 id="vite">Vite</h2>
      <CodeBlock code={viteUploadConfig(target)} label="vite.config.ts" />
      <h2 id="webpack">webpack</h2>
      <CodeBlock code={webpackUploadConfig(target)} label="webpack.config.js" />
      <p>
        <code>@sentry/esbuild-plugin</code> and <code>@sentry/rollup-plugin</code> take the same options. The plugins create and finalize a release named after the commit unless{" "}
        <code>release: {"{ create: false }"}</code>; Lantern keeps releases, deploys and accepts (and ignores) commits.
      </p>
      <h2 id="managing-uploads">Managing uploads</h2>
      <p>
        Each project&apos;s <strong>Source maps</strong> page lists its bundles — debug IDs, release, dist, files, size, who uploaded them and when — and owners and admins delete them there. Files are stored
        once however many bundles hold them, compressed. Bundles not uploaded or used for <code>LANTERN_SOURCEMAP_RETENTION_DAYS</code> (90) are deleted, except each project&apos;s newest{" "}
        <code>LANTERN_SOURCEMAP_KEEP_PER_PROJECT</code> (10); a bundle may hold up to <code>LANTERN_SOURCEMAP_MAX_BUNDLE</code> uncompressed (512 MB). See <Link href="/docs/configuration">Configuration</Link>.
      </p>
      <h2 id="troubleshooting">Troubleshooting</h2>
      <p>
        An issue page marks each frame that stayed minified and says why, with the command that fixes it, filled in for the project:
      </p>
      <ul>
        <li>
          <strong>No debug ID on this event for this file, and no release</strong>: the deployed files were not injected (deploy the output of <code>sourcemaps inject</code>, not an earlier copy), or the
          SDK is older than 7.47, which first sent debug IDs.
        </li>
        <li>
          <strong>No uploaded bundle has debug ID …</strong>: that build was not uploaded, went to another project, or its bundle was deleted.
        </li>
        <li>
          <strong>Release R has no file matching ~/assets/app.js</strong>: the URL prefix differs; the closest uploaded names are listed. Upload again with <code>--url-prefix</code> set to the path the
          browser loads the file from.
        </li>
        <li>
          <strong>… names no source map</strong> or <strong>… points to a map the release does not have</strong>: upload the <code>.map</code> files together with the minified files.
        </li>
        <li>
          <strong>… the map has no sourcesContent</strong>: names and lines are resolved, but there are no source lines to show. Enable sources in the bundler&apos;s maps and upload again.
        </li>
        <li>
          <strong>… is outside the source map</strong>, or <strong>the source map cannot be read</strong>: the map belongs to another build of the file; upload the map written with the deployed file.
        </li>
      </ul>
      <p>A malformed or missing map never loses an event: its frames stay minified, and the page says why.</p>
      <h2 id="lantern-s-own-errors">Lantern&apos;s own errors</h2>
      <p>
        <code>npm run build</code> gives Lantern&apos;s own chunks debug IDs and keeps their maps out of the served files, and <code>lantern start</code> registers them in the built-in{" "}
        <strong>Lantern</strong> project (no network, no token), so Lantern&apos;s own errors there show its <code>src/</code> files (<Link href="/docs/guides/self-monitoring">Self-monitoring</Link>).
      </p>
    </>
  );
}
