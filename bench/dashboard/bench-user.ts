/** The owner the dashboard benchmark signs in as (bench/sign-in-cookie.ts), whose "me" the ownership searches mean. */
export const benchUser = { email: "bench@lantern.test", password: "bench-password-123" };
