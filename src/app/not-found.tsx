import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/not-found-message";

export const metadata: Metadata = { title: "Not found", robots: { index: false } };

export default function NotFound() {
  return <NotFoundMessage />;
}
