/** What the dashboard's server actions answer a form with: an error to show, or a short confirmation. */
export interface ActionState {
  error?: string;
  message?: string;
}
