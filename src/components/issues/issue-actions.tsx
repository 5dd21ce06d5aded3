import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import type { ActionState } from "@/lib/action-state";
import { ignoreDurations } from "@/lib/ignore-durations";
import { ignoreFormId, resolveFormId } from "@/lib/issue-shortcuts";
import { ActionForm } from "./action-form";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

interface IssueActionsProps {
  issueId: number;
  status: string;
  actions: { resolve: Action; ignore: Action; reopen: Action };
}

const row = "flex flex-wrap items-center gap-2";
const numberInput = "h-8 w-20";

/** The issue page's action bar: resolve (now, next release, in a release), ignore (forever or until…), reopen. */
export function IssueActions({ issueId, status, actions }: IssueActionsProps) {
  const id = <input type="hidden" name="issueId" value={issueId} />;
  return (
    <section aria-label="Issue actions" className="mb-6 space-y-3 rounded-lg border border-border bg-card p-4">
      {status === "resolved" || status === "ignored" ? (
        <ActionForm action={actions.reopen} className={row}>
          {id}
          <Button type="submit" size="sm">
            Reopen
          </Button>
          <span className="text-sm text-muted-foreground">Mark it unresolved again.</span>
        </ActionForm>
      ) : null}
      <div className={row}>
        <ActionForm action={actions.resolve} className={row} id={resolveFormId}>
          {id}
          <input type="hidden" name="kind" value="now" />
          <Button type="submit" size="sm" variant={status === "unresolved" ? "primary" : "secondary"}>
            Resolve
          </Button>
        </ActionForm>
        <ActionForm action={actions.resolve} className={row}>
          {id}
          <input type="hidden" name="kind" value="next_release" />
          <Button type="submit" size="sm" variant="secondary">
            Resolve in next release
          </Button>
        </ActionForm>
        <ActionForm action={actions.resolve} className={row}>
          {id}
          <input type="hidden" name="kind" value="in_release" />
          <label className="flex items-center gap-2 text-sm">
            Release version
            <Input name="release" required maxLength={200} placeholder="1.4.0" className="h-8 w-40" />
          </label>
          <Button type="submit" size="sm" variant="secondary">
            Resolve in release
          </Button>
        </ActionForm>
      </div>
      <div className={row}>
        <ActionForm action={actions.ignore} className={row} id={ignoreFormId}>
          {id}
          <input type="hidden" name="until" value="forever" />
          <Button type="submit" size="sm" variant="secondary">
            Ignore forever
          </Button>
        </ActionForm>
        <ActionForm action={actions.ignore} className={row}>
          {id}
          <input type="hidden" name="until" value="count" />
          <Button type="submit" size="sm" variant="secondary">
            Ignore until it occurs
          </Button>
          <Input type="number" name="count" min={1} defaultValue={10} required aria-label="More occurrences" className={numberInput} />
          <span className="text-sm">more times</span>
        </ActionForm>
        <ActionForm action={actions.ignore} className={row}>
          {id}
          <input type="hidden" name="until" value="users" />
          <Button type="submit" size="sm" variant="secondary">
            Ignore until it affects
          </Button>
          <Input type="number" name="count" min={1} defaultValue={10} required aria-label="More users" className={numberInput} />
          <span className="text-sm">more users</span>
        </ActionForm>
        <ActionForm action={actions.ignore} className={row}>
          {id}
          <input type="hidden" name="until" value="duration" />
          <Button type="submit" size="sm" variant="secondary">
            Ignore for
          </Button>
          <Select name="minutes" aria-label="Ignore duration" defaultValue={String(ignoreDurations[0]!.minutes)} className="h-8 w-32">
            {ignoreDurations.map((duration) => (
              <option key={duration.minutes} value={duration.minutes}>
                {duration.label}
              </option>
            ))}
          </Select>
        </ActionForm>
      </div>
    </section>
  );
}
