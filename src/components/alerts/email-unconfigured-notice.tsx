import Link from "next/link";
import { emailSetupDocsPath } from "@/lib/delivery-health";

/**
 * Above a project's rules when some of them e-mail and this server has no SMTP server: said before the
 * first delivery fails, so nobody trusts a rule that cannot reach them.
 */
export function EmailUnconfiguredNotice({ ruleNames }: { ruleNames: string[] }) {
  const names = ruleNames.map((name) => `“${name}”`).join(", ");
  return (
    <div role="note" aria-label="E-mail is not configured" className="rounded-md border border-danger/50 bg-danger/5 px-3 py-2 text-sm">
      <p className="font-semibold text-danger">E-mail is not configured on this server.</p>
      <p className="mt-1 break-words">
        {ruleNames.length === 1 ? "The rule" : "The rules"} {names} {ruleNames.length === 1 ? "e-mails" : "e-mail"} people, and every such e-mail fails until <code>LANTERN_SMTP_URL</code>{" "}
        is set (<code>smtp://user:password@host:587</code>) and Lantern restarted:{" "}
        <Link href={emailSetupDocsPath} prefetch={false} className="text-primary underline">
          setting up e-mail
        </Link>
        .
      </p>
    </div>
  );
}
