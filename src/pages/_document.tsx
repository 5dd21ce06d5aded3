import { Head, Html, Main, NextScript } from "next/document";

/** The Pages Router's HTML shell: the same `lang` as the App Router's root layout (screen readers need it). */
export default function Document() {
  return (
    <Html lang="en" suppressHydrationWarning>
      <Head />
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
