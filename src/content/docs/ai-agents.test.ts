import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AiAgents, lanternTools, mcpConnectSnippets, mcpTools } from "./ai-agents";
import { findDocPage } from "./index";

const render = (url: string) =>
  renderToStaticMarkup(createElement(AiAgents, { project: null, instance: { url, org: "acme", email: "owner@example.org" } }))
    .replaceAll("<wbr/>", "")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

describe("Docs → AI agents", () => {
  it("is listed under guides with its sections", () => {
    expect(findDocPage(["guides", "ai-agents"])).toMatchObject({ title: "AI agents" });
    const html = render("https://errors.example.org");
    for (const heading of ["Lantern's MCP server", "Connecting an agent", "Sentry's MCP server", "Tools", "Access, limits and audit", "Copy for LLMs"]) expect(html).toContain(`>${heading}</h2>`);
  });

  it("fills every snippet with this instance's URL", () => {
    const html = render("https://errors.example.org");
    expect(html).toContain("claude mcp add --transport http lantern https://errors.example.org/mcp");
    expect(html).toContain('--header "Authorization: Bearer <Lantern API token>"');
    expect(html).toContain('"url": "https://errors.example.org/mcp"');
    expect(html).toContain('"type": "http"');
    expect(html).toContain("npx @sentry/mcp-server@latest --host=errors.example.org --access-token=<Lantern API token>");
    expect(html).not.toContain("--insecure-http");
    expect(html).toContain('get_issue_details(organizationSlug="acme", issueId="SHOP-12")');
    expect(html).toContain("Node 22.13");
  });

  it("adds --insecure-http and the port for an instance on plain HTTP", () => {
    const html = render("http://10.0.0.5:3000");
    expect(html).toContain("--host=10.0.0.5:3000 --access-token=<Lantern API token> --insecure-http");
    expect(html).toContain("claude mcp add --transport http lantern http://10.0.0.5:3000/mcp");
  });

  it("says Sentry's server needs a host of its own when Lantern is served under a path", () => {
    expect(mcpConnectSnippets("https://example.org/lantern/")).toMatchObject({ mcpUrl: "https://example.org/lantern/mcp", hasPathPrefix: true });
    expect(render("https://example.org/lantern")).toContain("this instance is served under a path");
  });

  it("lists Sentry's tools with read or write, and Lantern's own", () => {
    const html = render("https://errors.example.org");
    for (const tool of mcpTools) expect(html).toContain(`<code>${tool.name}</code> (${tool.isWrite ? "write" : "read"})`);
    expect(mcpTools.filter((tool) => tool.isWrite).map((tool) => tool.name)).toEqual(["update_issue", "add_issue_note"]);
    for (const tool of lanternTools) expect(html).toContain(`<code>${tool.name}</code>`);
    expect(html).toContain("No LLM runs inside Lantern");
  });
});
