import { redirect } from "next/navigation";

/** A redirect is a control-flow signal of the router, not an error; diagnostics must not record it. */
export default function RedirectDiagnosticPage(): never {
  redirect("/settings/diagnostics?redirected=1");
}
