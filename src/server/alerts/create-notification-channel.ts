import { randomBytes } from "node:crypto";
import { slugify } from "@/lib/slugify";
import { authorize, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { AlertFieldError } from "./alert-field-error";
import { channelKinds, type ChannelKind } from "./alert-message";
import { channelName, channelSecret } from "./channel-input";
import { checkChannelUrl } from "./check-channel-url";
import { toNotificationChannelView, type NotificationChannelView } from "./notification-channel-view";

export interface CreateNotificationChannelInput {
  name: unknown;
  kind: unknown;
  url: unknown;
  secret?: unknown;
  slug?: unknown;
}

/**
 * A new channel (owners and admins). Its slug — how rules name it — comes from the name unless given, and
 * is unique. A generic webhook always signs: without a secret, one is made (32 random bytes, hex). The
 * answer is the only time the secret is shown.
 */
export async function createNotificationChannel(context: AccessContext, input: CreateNotificationChannelInput): Promise<NotificationChannelView & { secret: string | null }> {
  authorize(context, "channel.write");
  const name = channelName(input.name);
  if (typeof input.kind !== "string" || !(channelKinds as readonly string[]).includes(input.kind)) throw new AlertFieldError("kind", `expected one of ${channelKinds.join(", ")}`);
  const kind = input.kind as ChannelKind;
  const slug = channelSlug(input.slug, name);
  const given = channelSecret(input.secret);
  if (given !== null && kind !== "webhook") throw new AlertFieldError("secret", "only webhook channels sign their messages");
  const secret = kind === "webhook" ? (given ?? randomBytes(32).toString("hex")) : null;
  const url = await checkChannelUrl(context.config, kind, input.url);
  const now = Date.now();
  const row = await writeTransaction(context.database, async (trx) => {
    const taken = await trx.selectFrom("notification_channels").select("id").where("slug", "=", slug).executeTakeFirst();
    if (taken) throw new AppError("conflict", `A notification channel with the slug "${slug}" already exists.`);
    return trx
      .insertInto("notification_channels")
      .values({ slug, name, kind, url, secret, created_by: context.viewer.actor, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await recordAuditEvent(context.db, context.source, { action: "channel.created", target: `channel:${slug}`, data: { name, kind } });
  return { ...toNotificationChannelView(row), secret };
}

function channelSlug(given: unknown, name: string): string {
  if (given === undefined || given === null || given === "") {
    const slug = slugify(name);
    if (!slug) throw new AlertFieldError("name", "use at least one letter or digit");
    return slug;
  }
  if (typeof given !== "string" || given !== slugify(given)) throw new AlertFieldError("slug", "lower-case letters, digits and dashes, at most 50 characters");
  return given;
}
