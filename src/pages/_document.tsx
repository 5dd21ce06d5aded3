import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from "next/document";
import { readCspNonce } from "@/server/http/security-headers";

interface LanternDocumentProps extends DocumentInitialProps {
  /** The response's Content-Security-Policy nonce (none under `next dev`, or for a page prerendered at build). */
  nonce?: string;
}

/**
 * The Pages Router's HTML shell: the same `lang` as the App Router's root layout (screen readers need it),
 * and the nonce `lantern start` put in the request's policy on Next's scripts, which `<Head>` and
 * `<NextScript>` (unlike the App Router) only add when handed it.
 */
export default class LanternDocument extends Document<LanternDocumentProps> {
  static async getInitialProps(context: DocumentContext): Promise<LanternDocumentProps> {
    const initialProps = await Document.getInitialProps(context);
    const nonce = readCspNonce(context.req?.headers["content-security-policy"]);
    return nonce ? { ...initialProps, nonce } : initialProps;
  }

  render() {
    const { nonce } = this.props;
    return (
      <Html lang="en" suppressHydrationWarning>
        <Head nonce={nonce} />
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
