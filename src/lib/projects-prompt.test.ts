import { describe, expect, it } from "vitest";
import { projectsPrompt } from "./projects-prompt";

describe("projectsPrompt (/projects above its list)", () => {
  it("with only the built-in project listed, asks for a first project and names the listed one, never saying there are none", () => {
    const prompt = projectsPrompt([{ isInternal: true }]);
    expect(prompt?.title).toBe("Create your first project");
    expect(prompt?.text).toMatch(/^The Lantern project below holds Lantern’s own errors\. Create a project for your app/);
    expect(`${prompt?.title} ${prompt?.text}`).not.toMatch(/no projects/i);
  });

  it("with nothing listed, asks for a first project without pointing at a list", () => {
    const prompt = projectsPrompt([]);
    expect(prompt?.title).toBe("Create your first project");
    expect(prompt?.text).not.toContain("below");
  });

  it("says nothing once a project of the viewer's own exists", () => {
    expect(projectsPrompt([{ isInternal: true }, { isInternal: false }])).toBeNull();
  });
});
