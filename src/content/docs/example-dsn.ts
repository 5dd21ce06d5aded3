/** Where the docs' examples say Lantern runs when no instance is at hand (tests render pages without one). */
export const defaultExampleUrl = "http://localhost:3000";

/**
 * The DSN the docs show for an instance at `publicUrl` (its LANTERN_URL): the shape `lantern project create`
 * and a project's Set-up page print, with placeholders for the key and the project.
 */
export function exampleDsnAt(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//<public key>@${url.host}${url.pathname.replace(/\/+$/, "")}/<project id>`;
}

/** The example DSN without an instance. */
export const exampleDsn = exampleDsnAt(defaultExampleUrl);

/** The project the docs' examples create (`lantern project create checkout-web`). */
export const exampleProjectSlug = "checkout-web";
