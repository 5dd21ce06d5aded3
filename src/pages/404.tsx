import Head from "next/head";
import { NotFoundMessage } from "@/components/not-found-message";

export default function PagesNotFound() {
  return (
    <>
      <Head>
        <title>Not found · Lantern</title>
        <meta name="robots" content="noindex" />
      </Head>
      <NotFoundMessage />
    </>
  );
}
