import { z } from "zod";

export const teamName = z.string().trim().min(1, "Name the team.").max(64, "Use at most 64 characters.");
export const teamId = z.coerce.number({ message: "Unknown team." }).int().positive({ message: "Unknown team." });
export const projectId = z.coerce.number({ message: "Unknown project." }).int().positive({ message: "Unknown project." });
export const userId = z.string().trim().min(1, "Choose a user.").max(100);

export const teamMemberInput = z.object({ teamId, userId });
export type TeamMemberInput = z.infer<typeof teamMemberInput>;

export const teamProjectInput = z.object({ teamId, projectId });
export type TeamProjectInput = z.infer<typeof teamProjectInput>;
