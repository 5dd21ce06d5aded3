import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/action-state";
import { isAppError } from "@/server/errors";

/** The form's value of `name` ("" when missing or a file). */
export function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Runs a settings verb for a form: its refusal (AppError) becomes the form's error, anything else is a bug
 * and is thrown. On success the settings pages under `path` render again and the form shows `message`
 * (or what `message` makes of the verb's result).
 */
export async function runAction<T, State extends ActionState = ActionState>(path: string, change: () => Promise<T>, answer: (result: T) => State): Promise<State | ActionState> {
  let result: T;
  try {
    result = await change();
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
  revalidatePath(path);
  return answer(result);
}
