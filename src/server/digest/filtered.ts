/** What a scrubbed value becomes, as in Sentry. */
export const filtered = "[Filtered]";
