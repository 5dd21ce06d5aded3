import { z } from "zod";

export const createInviteInput = z.object({
  /** Empty: anyone holding the link chooses their own e-mail. */
  email: z.union([z.literal(""), z.email("Enter an e-mail address, or leave it empty.").trim().toLowerCase().max(200)]).transform((value) => value || null),
  role: z.enum(["owner", "admin", "member"], { message: "Choose owner, admin or member." }),
  teamId: z.union([z.literal(""), z.coerce.number().int().positive()]).transform((value) => (value === "" ? null : value)),
});
export type CreateInviteInput = z.input<typeof createInviteInput>;

/** The secret from /invite/<secret>: base64url of 32 bytes (43 characters). */
export const inviteSecret = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
