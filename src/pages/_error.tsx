import * as Sentry from "@sentry/nextjs";
import type { NextPageContext } from "next";
import Head from "next/head";
import { ApplicationErrorMessage } from "@/components/application-error-message";
import { NotFoundMessage } from "@/components/not-found-message";

interface ErrorProps {
  statusCode: number;
  isServerSide: boolean;
}

/** The Pages Router's fallback: 404s get the not-found page, everything else the generic error. */
export default function PagesError({ statusCode, isServerSide }: ErrorProps) {
  if (statusCode === 404) {
    return (
      <>
        <Head>
          <meta name="robots" content="noindex" />
        </Head>
        <NotFoundMessage />
      </>
    );
  }
  return <ApplicationErrorMessage isServerSide={isServerSide} />;
}

PagesError.getInitialProps = async (context: NextPageContext): Promise<ErrorProps> => {
  await Sentry.captureUnderscoreErrorException(context);
  const statusCode = context.res?.statusCode ?? context.err?.statusCode ?? 500;
  return { statusCode, isServerSide: Boolean(context.res) };
};
