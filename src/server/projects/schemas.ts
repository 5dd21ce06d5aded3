import { z } from "zod";

export const platforms = ["javascript-nextjs", "javascript-react", "javascript", "node", "python", "go", "other"] as const;

export const createProjectInput = z.object({
  name: z.string().trim().min(1, "Give the project a name").max(64, "Keep the name under 64 characters"),
  platform: z.enum(platforms, { message: `Choose one of: ${platforms.join(", ")}` }).default("other"),
});
export type CreateProjectInput = z.input<typeof createProjectInput>;
