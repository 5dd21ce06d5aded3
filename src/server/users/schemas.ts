import { z } from "zod";
import { newUserInput } from "./create-user";

export const roleSchema = z.enum(["owner", "admin", "member"], { message: "Choose owner, admin or member." });

export const userIdSchema = z.string().trim().min(1, "Unknown user.").max(100, "Unknown user.");

/** A new password: the same rule as when an account is created. */
export const passwordSchema = newUserInput.shape.password;
