/** What /projects says above its list when no project of the viewer's own exists yet. */
export interface ProjectsPrompt {
  title: string;
  text: string;
}

/**
 * Null once the viewer has a project of their own. Before that, a prompt to create one that never says
 * "no projects" above a list that shows the built-in Lantern project (Lantern's own errors).
 */
export function projectsPrompt(projects: readonly { isInternal: boolean }[]): ProjectsPrompt | null {
  if (projects.some((project) => !project.isInternal)) return null;
  const setup = "Create a project for your app to get its DSN, then paste the DSN into your app’s Sentry SDK. Nothing else changes in your code.";
  const listsInternal = projects.some((project) => project.isInternal);
  return { title: "Create your first project", text: listsInternal ? `The Lantern project below holds Lantern’s own errors. ${setup}` : setup };
}
