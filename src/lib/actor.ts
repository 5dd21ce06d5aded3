/** Who the dashboard's actions are recorded as. Lantern has no accounts yet; when it does, this becomes the signed-in user. */
export const dashboardActor = "user:anonymous";
