import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/action-state";
import { isAppError } from "../errors";

/** A form's text field: "" when it is missing or a file. */
export function formField(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Runs a verb for a server action: the verb's refusal (AppError) becomes the form's error — through
 * `refuse` when the form keeps more state than the message — and anything else is a bug and is thrown.
 * `answer` runs after success, outside the catch, so it may revalidate or redirect.
 */
export async function runFormAction<T, State = ActionState>(change: () => Promise<T>, answer: (result: T) => State | Promise<State>, refuse: (message: string) => State = (error) => ({ error }) as ActionState as State): Promise<State> {
  let result: T;
  try {
    result = await change();
  } catch (error) {
    if (isAppError(error)) return refuse(error.message);
    throw error;
  }
  return answer(result);
}

/** An answer after a change the pages under `path` show: they render again, then the form shows `answer`'s state. */
export function revalidated<T, State>(path: string, answer: (result: T) => State): (result: T) => State {
  return (result) => {
    revalidatePath(path);
    return answer(result);
  };
}
