/**
 * What the sign-in page says when better-auth's OIDC callback sent the browser back with `?error=<code>`
 * (better-auth's callback codes, or the provider's own OAuth error such as access_denied).
 */
export function describeOidcError(code: string, providerName: string): string {
  switch (code) {
    case "signup_disabled":
      return "No Lantern account uses this e-mail; ask an admin for an invite.";
    case "access_denied":
      return `Sign-in with ${providerName} was cancelled.`;
    case "email_not_found":
      return `${providerName} did not share an e-mail address, so Lantern cannot tell which account is yours.`;
    case "account_not_linked":
    case "unable_to_link_account":
    case "account_already_linked_to_different_user":
      return `Your ${providerName} identity could not be joined to the Lantern account with its e-mail; ask an admin.`;
    case "state_mismatch":
    case "state_not_found":
    case "state_invalid":
      return "That sign-in expired or was started in another browser; try again.";
    default:
      return /^[a-z0-9_]{1,60}$/.test(code) ? `Sign-in with ${providerName} failed (${code}). Try again, or sign in with your password.` : `Sign-in with ${providerName} failed. Try again, or sign in with your password.`;
  }
}
