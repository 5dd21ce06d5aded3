import Link from "next/link";
import { CodeBlock } from "@/components/ui/code-block";
import type { DocSection } from "./doc-section";

const environmentExample = `LANTERN_URL=https://lantern.example.com
LANTERN_OIDC_ISSUER=https://accounts.example.com
LANTERN_OIDC_CLIENT_ID=lantern
LANTERN_OIDC_CLIENT_SECRET=<the client secret>
LANTERN_OIDC_NAME=Example SSO`;

/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const singleSignOnSections: DocSection[] = [
  { id: "register-lantern-with-the-provider", title: "1. Register Lantern with the provider" },
  { id: "configure-lantern", title: "2. Configure Lantern" },
  { id: "what-happens-at-sign-in", title: "What happens at sign-in" },
];

export function SingleSignOn() {
  return (
    <>
      <p>
        Lantern can let people sign in through an OpenID Connect provider (Keycloak, Authentik, Okta, Google Workspace, Microsoft Entra ID, Dex, …) next to their password. It is off unless
        configured, and it never creates accounts: a sign-in through the provider opens the Lantern account with the same e-mail address, which must already exist — from the first-run setup, an
        invite, or <code>lantern user create</code>.
      </p>
      <h2 id="register-lantern-with-the-provider">1. Register Lantern with the provider</h2>
      <p>
        Create a confidential client (&ldquo;web application&rdquo;) that uses the authorization code flow and authenticates at the token endpoint with <code>client_secret_basic</code> (the
        usual default), with this redirect URI — your <code>LANTERN_URL</code> followed by the callback path:
      </p>
      <CodeBlock code="https://lantern.example.com/api/auth/callback/oidc" label="redirect URI" />
      <p>
        Lantern asks for the <code>openid</code>, <code>email</code> and <code>profile</code> scopes and always uses PKCE (S256). The provider must return the user&apos;s <code>email</code> claim, in the ID
        token or from its userinfo endpoint. Lantern trusts the provider&apos;s e-mail addresses, so use a provider that only asserts addresses its users own.
      </p>
      <h2 id="configure-lantern">2. Configure Lantern</h2>
      <p>
        Set the issuer (the URL under which the provider serves <code>/.well-known/openid-configuration</code>), the client id and the client secret, and restart Lantern. <code>LANTERN_URL</code> must be
        the address browsers use, since the redirect URI is built from it. All variables are listed under <Link href="/docs/configuration">Configuration</Link>.
      </p>
      <CodeBlock code={environmentExample} label="environment" />
      <p>
        The sign-in page then shows <strong>Sign in with Example SSO</strong> (the button uses <code>LANTERN_OIDC_NAME</code>). Lantern reads the provider&apos;s discovery document when it first needs
        it, and again on a sign-in if the provider was unreachable then.
      </p>
      <h2 id="what-happens-at-sign-in">What happens at sign-in</h2>
      <ul>
        <li>
          The first time, the provider&apos;s identity is joined to the Lantern account with the same e-mail (case does not matter); later sign-ins find it by the provider&apos;s subject id, even if
          the e-mail changes there.
        </li>
        <li>
          An e-mail with no Lantern account is refused: the sign-in page says <em>No Lantern account uses this e-mail; ask an admin for an invite.</em> Invite the person from{" "}
          <strong>Settings → Members</strong> first.
        </li>
        <li>Each sign-in is written to the audit log as <code>auth.sign_in</code>, like a password sign-in, with <code>&quot;method&quot;: &quot;oidc&quot;</code>.</li>
        <li>Passwords keep working. Removing a person from Lantern ends their access, whatever the provider says.</li>
      </ul>
    </>
  );
}
