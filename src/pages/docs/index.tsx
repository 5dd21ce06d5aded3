import type { GetServerSideProps } from "next";
import Head from "next/head";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { docPages } from "@/content/docs";
import { requirePageViewer, toShellViewer, type ShellViewer } from "@/server/access/require-page-viewer";
import { withDiagnostics, type DiagnosticsProps } from "@/server/monitoring/with-diagnostics";

export default function DocsIndexPage() {
  return (
    <>
      <Head>
        <title>Documentation · Lantern</title>
      </Head>
      <PageHeader title="Documentation" description="Everything needed to run Lantern and send it errors." />
      <ul className="space-y-3">
        {docPages.map((page) => (
          <li key={page.slug.join("/")}>
            <Link href={`/docs/${page.slug.join("/")}`} className="font-medium text-primary hover:underline">
              {page.title}
            </Link>
            <p className="text-sm text-muted-foreground">{page.summary}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

export const getServerSideProps: GetServerSideProps<DiagnosticsProps & { viewer: ShellViewer }> = async (context) => {
  const gate = await requirePageViewer(context);
  if ("redirect" in gate) return gate;
  return { props: await withDiagnostics({ viewer: toShellViewer(gate.viewer) }) };
};
