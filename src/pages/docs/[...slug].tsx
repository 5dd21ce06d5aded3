import type { GetServerSideProps } from "next";
import Head from "next/head";
import Link from "next/link";
import { DocsTableOfContents } from "@/components/docs/docs-table-of-contents";
import { docPages, findDocPage } from "@/content/docs";
import { requirePageViewer, toShellViewer } from "@/server/access/require-page-viewer";
import { getConfig } from "@/server/config";
import { loadDocsInstance, loadDocsProject, type DocsInstance, type DocsProject } from "@/server/pages/load-docs-project";
import { pageAccessContext } from "@/server/pages/page-access-context";
import { withDiagnostics, type DiagnosticsProps } from "@/server/monitoring/with-diagnostics";

interface DocPageProps extends DiagnosticsProps {
  slug: string[];
  project: DocsProject | null;
  instance: DocsInstance;
}

/** The built-in documentation, on the Pages Router; an unknown page is the Pages Router's 404. */
export default function DocPage({ slug, project, instance }: DocPageProps) {
  const page = findDocPage(slug)!;
  const { Content } = page;
  return (
    <div className="grid gap-8 md:grid-cols-[12rem_minmax(0,1fr)]">
      <Head>
        <title>{`${page.title} · Lantern`}</title>
      </Head>
      <nav aria-label="Documentation" className="space-y-1 text-sm">
        {docPages.map((candidate) => (
          <Link key={candidate.slug.join("/")} href={`/docs/${candidate.slug.join("/")}`} className="block rounded px-2 py-1 hover:bg-muted" aria-current={candidate === page ? "page" : undefined}>
            {candidate.title}
          </Link>
        ))}
      </nav>
      {/* min-w-0: a long code line scrolls inside its block instead of widening the page on a phone. */}
      <article className="docs-prose min-w-0 max-w-3xl">
        <h1>{page.title}</h1>
        {page.sections ? <DocsTableOfContents sections={page.sections} /> : null}
        <Content project={project} instance={instance} />
      </article>
    </div>
  );
}

export const getServerSideProps: GetServerSideProps<DocPageProps, { slug: string[] }> = async (context) => {
  const gate = await requirePageViewer(context);
  if ("redirect" in gate) return gate;
  const slug = context.params?.slug ?? [];
  const page = findDocPage(slug);
  if (!page) return { notFound: true };
  const requested = context.query.project;
  const project = page.showsProjectDsn ? await loadDocsProject(await pageAccessContext(gate.viewer, context.req), typeof requested === "string" ? requested : null) : null;
  const instance = loadDocsInstance({ config: getConfig(), viewer: gate.viewer });
  return { props: await withDiagnostics({ slug, project, instance, viewer: toShellViewer(gate.viewer) }) };
};
