import { Button } from "@/components/ui/button";

interface FormFooterProps {
  /** The submit button's words. */
  submitLabel: string;
  isPending: boolean;
  /** The action's error, shown above the button (role="alert"). */
  error?: string;
  /** The last submission was saved: "Saved" beside the button until the next one starts. */
  saved: boolean;
}

/** The end of a settings form: its error, the submit button ("Saving…" while pending) and "Saved". */
export function FormFooter({ submitLabel, isPending, error, saved }: FormFooterProps) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={isPending}>
          {isPending ? "Saving…" : submitLabel}
        </Button>
        {saved && !isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Saved
          </p>
        ) : null}
      </div>
    </>
  );
}
