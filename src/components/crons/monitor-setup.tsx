import { CodeBlock } from "@/components/ui/code-block";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { MonitorSnippet } from "@/lib/monitor-snippets";

/** How a job checks in (the SDK, sentry-cli, plain HTTP), each snippet with its Copy button. */
export function MonitorSetup({ snippets }: { snippets: MonitorSnippet[] }) {
  return (
    <Tabs defaultValue={snippets[0]?.id}>
      <TabsList aria-label="Ways to check in">
        {snippets.map((snippet) => (
          <TabsTrigger key={snippet.id} value={snippet.id}>
            {snippet.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {snippets.map((snippet) => (
        <TabsContent key={snippet.id} value={snippet.id}>
          <CodeBlock code={snippet.code} label={snippet.label} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
