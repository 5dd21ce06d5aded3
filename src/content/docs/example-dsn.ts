/** The DSN the docs show: the shape `lantern project create` and a project's Set-up page print. */
export const exampleDsn = "http://<public key>@localhost:3000/<project id>";

/** The project the docs' examples create (`lantern project create checkout-web`). */
export const exampleProjectSlug = "checkout-web";
