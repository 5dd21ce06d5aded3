import Link from "next/link";
import { notFoundMarkerAttribute } from "@/lib/not-found-page";

export function NotFoundMessage() {
  return (
    <div className="mx-auto max-w-xl py-24 text-center" {...{ [notFoundMarkerAttribute]: "" }}>
      <p className="font-mono text-sm text-muted-foreground">404</p>
      <h1 className="mt-2 text-2xl font-semibold">This page could not be found.</h1>
      <p className="mt-2 text-sm text-muted-foreground">The link may be old, or the project was renamed or deleted.</p>
      <p className="mt-6">
        <Link href="/projects" prefetch={false} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to projects
        </Link>
      </p>
    </div>
  );
}
