import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/not-found-message";

// Next adds <meta name="robots" content="noindex"> to every not-found response itself.
export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return <NotFoundMessage />;
}
