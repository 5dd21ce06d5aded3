/** The platforms a project can be created for (the create form offers these, the schema accepts only these). */
export const platforms = ["javascript-nextjs", "javascript-react", "javascript", "node", "python", "go", "other"] as const;

export const platformLabels: Record<(typeof platforms)[number], string> = {
  "javascript-nextjs": "Next.js",
  "javascript-react": "React",
  javascript: "Browser JavaScript",
  node: "Node.js",
  python: "Python",
  go: "Go",
  other: "Other",
};
