import Link from "next/link";
import type { ReactNode } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import type { SdkSnippet } from "@/lib/sdk-snippets";

function Step({ number, title, children }: { number: number; title: ReactNode; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[1.75rem_1fr] gap-x-3">
      <span aria-hidden className="flex h-7 w-7 items-center justify-center rounded-full border border-border bg-muted text-xs font-semibold tabular-nums">
        {number}
      </span>
      <div className="min-w-0 space-y-2">
        <h3 className="pt-0.5 text-sm font-semibold">{title}</h3>
        {children}
      </div>
    </li>
  );
}

function FileName({ children }: { children: string }) {
  return <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{children}</code>;
}

/** Install, initialise, the platform's further steps, then how to check: numbered, each with its copy button. */
export function SdkSetupSteps({ snippet, projectSlug }: { snippet: SdkSnippet; projectSlug: string }) {
  const steps = snippet.steps;
  return (
    <ol className="space-y-6" aria-label={`${snippet.title} setup steps`}>
      <Step number={1} title="Install the SDK">
        <CodeBlock code={snippet.install} label={`${snippet.title} install command`} />
      </Step>
      <Step
        number={2}
        title={
          <>
            Initialise it in <FileName>{snippet.file}</FileName>
          </>
        }
      >
        <CodeBlock code={snippet.code} label={snippet.file} />
      </Step>
      {steps.map((step, index) => (
        <Step
          key={step.title}
          number={index + 3}
          title={
            <>
              {step.title}
              {step.file ? (
                <>
                  {" "}
                  — <FileName>{step.file}</FileName>
                </>
              ) : null}
            </>
          }
        >
          {step.note ? <p className="text-sm text-muted-foreground">{step.note}</p> : null}
          <CodeBlock code={step.code} label={step.file ?? `${step.title} command`} />
        </Step>
      ))}
      <Step number={steps.length + 3} title="Send a test error">
        <p className="text-sm text-muted-foreground">
          Throw an error in your app. Lantern stores it before answering the SDK; it shows under Received on the{" "}
          <Link href={`/projects/${projectSlug}`} prefetch={false} className="text-primary hover:underline">
            project page
          </Link>{" "}
          within a second, and in{" "}
          <Link href={`/projects/${projectSlug}/issues`} prefetch={false} className="text-primary hover:underline">
            Issues
          </Link>{" "}
          once it is grouped. More options are in the{" "}
          <a href={snippet.docsUrl} target="_blank" rel="noreferrer" className="text-primary hover:underline">
            {snippet.title} SDK&apos;s documentation
          </a>
          .
        </p>
      </Step>
    </ol>
  );
}
