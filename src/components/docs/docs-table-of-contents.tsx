import type { DocSection } from "@/content/docs/doc-section";

/**
 * "On this page": in-page links to a long docs page's sections (each an h2 with the section's id). Plain
 * anchors, so they work before hydration, from the keyboard, and as addresses to share.
 */
export function DocsTableOfContents({ sections }: { sections: DocSection[] }) {
  return (
    <nav aria-labelledby="docs-toc-title" className="my-4 rounded-md border border-border p-4 text-sm">
      <div id="docs-toc-title" className="mb-2 font-semibold">
        On this page
      </div>
      <ol className="space-y-1">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="text-primary hover:underline">
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
