import { z } from "zod";
import { codeSpan, table } from "@/lib/mcp-markdown";
import { listApiProjectKeys } from "../../api/keys/list-api-project-keys";
import { serializeOrganization } from "../../api/organization";
import { listApiProjects } from "../../api/projects/list-api-projects";
import { listApiTeams } from "../../api/teams/list-api-teams";
import { defineTool } from "../mcp-tool";
import { checkOrganization, organizationSlug, pageUrl, regionUrl } from "./arguments";

const matches = (query: string | null | undefined, ...values: string[]) => !query || values.some((value) => value.toLowerCase().includes(query.toLowerCase()));

export const whoami = defineTool({
  name: "whoami",
  title: "Who am I",
  description: "Identify the authenticated user in Lantern: name, e-mail, id and role, and what this credential may do.",
  input: {},
  isWrite: false,
  run: async ({ viewer }) =>
    [
      `You are authenticated as ${codeSpan(viewer.name || viewer.email)} (${codeSpan(viewer.email)}).`,
      "",
      `- User id: ${codeSpan(viewer.userId)}`,
      `- Role: ${viewer.role}`,
      `- This credential may: ${[...viewer.permissions].sort().join(", ")}`,
    ].join("\n"),
});

export const findOrganizations = defineTool({
  name: "find_organizations",
  title: "Find organizations",
  description: "Find the organization this Lantern instance is (one per instance): its slug is the organizationSlug of the other tools.",
  input: { query: z.string().max(200).nullable().default(null).describe("Filter by name or slug.") },
  isWrite: false,
  run: async (context, { query }) => {
    const organization = serializeOrganization(context.config);
    if (!matches(query, organization.slug, organization.name)) return "# Organizations\n\nNo organization matches that query.";
    return [`# Organizations`, "", `## **${organization.slug}**`, "", `- Name: ${organization.name}`, `- Web URL: ${context.config.publicUrl}`, "", "Use `organizationSlug='" + organization.slug + "'` in the other tools."].join("\n");
  },
});

export const findProjects = defineTool({
  name: "find_projects",
  title: "Find projects",
  description: "Find the projects you can see in the organization: slug, name, platform, teams.",
  input: { organizationSlug, regionUrl, query: z.string().max(200).nullable().default(null).describe("Filter by name or slug.") },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const projects = (await listApiProjects(context)).filter((project) => matches(args.query, project.slug, project.name));
    if (projects.length === 0) return "# Projects\n\nNo project you can see matches.";
    const rows = projects.slice(0, 25).map((project) => [project.slug, project.name, project.platform, project.teams.map((team) => team.slug).join(", "), { text: `[open](${pageUrl(context, `/projects/${encodeURIComponent(project.slug)}`)})` }]);
    return [`# Projects in **${args.organizationSlug}**`, "", table(["Slug", "Name", "Platform", "Teams", "Page"], rows), projects.length > 25 ? `\n${projects.length - 25} more: narrow with \`query\`.` : ""].join("\n");
  },
});

export const findDsns = defineTool({
  name: "find_dsns",
  title: "Find DSNs",
  description: "List a project's DSNs (client keys): the SENTRY_DSN to configure an SDK with, whether each is active, and its rate limit.",
  input: { organizationSlug, regionUrl, projectSlug: z.string().max(100).describe("The project's slug.") },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const keys = await listApiProjectKeys(context, args.projectSlug, null);
    if (keys.length === 0) return `# DSNs in **${args.projectSlug}**\n\nThe project has no client keys.`;
    const lines = [`# DSNs in **${args.projectSlug}**`];
    for (const key of keys) {
      lines.push("", `## ${codeSpan(key.name)}`, "", `- DSN: ${codeSpan(key.dsn.public)}`, `- Key id: ${codeSpan(key.id)}`, `- Active: ${key.isActive ? "yes" : "no"}`);
      lines.push(`- Rate limit: ${key.rateLimit ? `${key.rateLimit.count} per ${key.rateLimit.window} s` : "none"}`);
    }
    return lines.join("\n");
  },
});

export const findTeams = defineTool({
  name: "find_teams",
  title: "Find teams",
  description: "Find the organization's teams: slug, name, members, and whether you are in it.",
  input: { organizationSlug, regionUrl, query: z.string().max(200).nullable().default(null).describe("Filter by name or slug.") },
  isWrite: false,
  run: async (context, args) => {
    const teams = await listApiTeams(context, { organizationSlug: args.organizationSlug, query: args.query });
    if (teams.length === 0) return "# Teams\n\nNo team matches.";
    return [`# Teams in **${args.organizationSlug}**`, "", table(["Slug", "Id", "Name", "Members", "You are in it"], teams.slice(0, 25).map((team) => [team.slug, team.id, team.name, team.memberCount, { text: team.isMember ? "yes" : "no" }]))].join("\n");
  },
});
