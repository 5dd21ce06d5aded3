import { z } from "zod";
import { codeSpan, table } from "@/lib/mcp-markdown";
import { getApiRelease } from "../../api/releases/get-api-release";
import { listApiReleases } from "../../api/releases/list-api-releases";
import { listApiDeploys } from "../../api/releases/list-api-deploys";
import { listApiCommits } from "../../api/releases/list-api-commits";
import { defineTool } from "../mcp-tool";
import { checkOrganization, organizationSlug, pageUrl, regionUrl } from "./arguments";

export const findReleases = defineTool({
  name: "find_releases",
  title: "Find releases",
  description: "Find recent releases, newest first: version, projects, when first seen, new issues, last deploy.",
  input: { organizationSlug, regionUrl, projectSlug: z.string().max(100).nullable().default(null), query: z.string().max(200).nullable().default(null).describe("Text in the version.") },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const releases = await listApiReleases(context, { projectSlug: args.projectSlug ?? undefined, query: args.query, limit: 25 });
    if (releases.length === 0) return "# Releases\n\nNo release matches.";
    const rows = releases.map((release) => [release.version, release.projects.map((project) => project.slug).join(", "), release.dateCreated, release.newGroups, release.lastDeploy ? `${release.lastDeploy.environment} ${release.lastDeploy.dateFinished}` : null]);
    return ["# Releases", "", table(["Version", "Projects", "First seen", "New issues", "Last deploy"], rows), "", "get_release_details with a version shows its commits and deploys."].join("\n");
  },
});

export const getReleaseDetails = defineTool({
  name: "get_release_details",
  title: "Release details",
  description: "One release: projects, first and last event, new issues, commits and deploys.",
  input: {
    organizationSlug,
    regionUrl,
    releaseVersion: z.string().min(1).max(200),
    projectSlugOrId: z.string().max(100).nullable().default(null),
    includeHealth: z.boolean().default(false).describe("Accepted; release health is on the release page."),
    includeDeploys: z.boolean().default(true),
    includeCommits: z.boolean().default(true),
    limit: z.number().int().positive().max(50).default(10),
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const release = await getApiRelease(context, args.releaseVersion, args.projectSlugOrId && !/^\d+$/.test(args.projectSlugOrId) ? args.projectSlugOrId : undefined);
    const lines = [
      `# Release ${codeSpan(release.version)}`,
      "",
      `- Id: ${release.id}`,
      `- Projects: ${release.projects.map((project) => codeSpan(project.slug)).join(", ")}`,
      `- First seen: ${release.dateCreated}${release.dateReleased ? `; released ${release.dateReleased}` : ""}`,
      `- Events: first ${release.firstEvent ?? "—"}, last ${release.lastEvent ?? "—"}`,
      `- New issues: ${release.newGroups}`,
      `- Commits: ${release.commitCount}; deploys: ${release.deployCount}`,
    ];
    const firstProject = release.projects[0];
    if (firstProject) lines.push(`- Page: ${pageUrl(context, `/projects/${encodeURIComponent(firstProject.slug)}/releases/${encodeURIComponent(release.version)}`)}`);
    if (args.includeCommits && release.commitCount > 0) {
      const commits = (await listApiCommits(context, release.version)).slice(0, args.limit);
      lines.push("", "## Commits", "", table(["Commit", "Author", "Message"], commits.map((commit) => [commit.id.slice(0, 12), commit.author?.name ?? commit.author?.email ?? null, (commit.message ?? "").split("\n")[0]!])));
    }
    if (args.includeDeploys && release.deployCount > 0) {
      const deploys = (await listApiDeploys(context, release.version)).slice(0, args.limit);
      lines.push("", "## Deploys", "", table(["Environment", "Finished", "Name"], deploys.map((deploy) => [deploy.environment, deploy.dateFinished, deploy.name])));
    }
    return lines.join("\n");
  },
});
