import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Permission } from "@/lib/views/access";
import { SecretForm, type SecretState } from "./secret-form";

interface ApiTokenFormProps {
  action: (state: SecretState, formData: FormData) => Promise<SecretState>;
  /** The scopes this account can give a token: a token never holds more than its owner. */
  grantable: readonly Permission[];
}

const scopeHelp: Record<Permission, string> = {
  read: "read projects, issues and events",
  write: "also resolve, ignore, assign and comment, upload source maps and manage releases",
  admin: "also manage projects, keys and settings, upload source maps and manage releases",
  upload: "only upload source maps and manage releases (sentry-cli, bundler plugins in CI); alone, it reads nothing",
};

/** A new API token for scripts and the Sentry CLI: a name and its scopes; the token is shown once. */
export function ApiTokenForm({ action, grantable }: ApiTokenFormProps) {
  return (
    <SecretForm action={action} secretLabel="API token" aria-label="Create an API token" className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor="token-name">Name</Label>
        <Input id="token-name" name="name" required maxLength={100} autoComplete="off" placeholder="e.g. release script" />
      </div>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium">Scopes</legend>
        {(["read", "write", "admin", "upload"] as const).map((scope) => {
          const isGrantable = grantable.includes(scope);
          return (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === "read"} disabled={!isGrantable} />
              <span className="font-mono">{scope}</span>
              <span className="text-muted-foreground">— {isGrantable ? scopeHelp[scope] : "not available to your role"}</span>
            </label>
          );
        })}
      </fieldset>
      <Button type="submit">Create token</Button>
    </SecretForm>
  );
}
