import { authorize, type AccessContext } from "../../access/authorize";
import { visibleProjectIds } from "../../access/viewer";

export interface ProjectChoice {
  id: number;
  slug: string;
  name: string;
}

/** The projects the issue list can be narrowed to: names only, no statistics (the list must stay fast). */
export async function listProjectChoices(context: AccessContext): Promise<ProjectChoice[]> {
  authorize(context, "project.list");
  const visible = visibleProjectIds(context.viewer);
  let query = context.db.selectFrom("projects").select(["id", "slug", "name"]).orderBy("name").orderBy("id");
  if (visible) query = query.where("id", "in", visible.length > 0 ? visible : [-1]);
  return query.execute();
}
