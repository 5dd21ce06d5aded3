import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { policy, verbs } from "@/server/access/policy";
import { Roles } from "./roles";

describe("Docs → Roles and access", () => {
  it("lists every operation of the policy table with the permission the code enforces", () => {
    const html = renderToStaticMarkup(createElement(Roles));
    const rows = [...html.matchAll(/<tr><td>[^<]*<code>([a-z_.]+)<\/code><\/td><td>(read|write|admin|upload)<\/td>/g)].map((match) => [match[1], match[2]]);
    expect(rows).toEqual(verbs.map((verb) => [verb, policy[verb].permission]));
    expect(html).toContain("Owners and admins only");
  });
});
