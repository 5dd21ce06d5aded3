import type { platforms } from "@/server/projects/schemas";

export const platformLabels: Record<(typeof platforms)[number], string> = {
  "javascript-nextjs": "Next.js",
  "javascript-react": "React",
  javascript: "Browser JavaScript",
  node: "Node.js",
  python: "Python",
  go: "Go",
  other: "Other",
};
