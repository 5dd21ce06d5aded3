import { policy, verbs } from "@/server/access/policy";

const permissionWords = { read: "Everyone who can see the project", write: "Members, owners, admins", admin: "Owners and admins only", upload: "Everyone who can see the project (a token needs the upload, write or admin scope)" } as const;

/** Rendered from the same table (src/server/access/policy.ts) that every verb reads, so it cannot go stale. */
export function Roles() {
  return (
    <>
      <p>
        Every person has one role. <strong>Owners</strong> and <strong>admins</strong> see every project and may change everything: projects, client keys, settings, members and teams, and deleting
        issues. <strong>Members</strong> see the projects of their teams — a project of another team answers &ldquo;not found&rdquo;, exactly like one that does not exist — and may triage there:
        resolve, ignore, reopen, assign (to anyone or any team who can see the project), set priority, comment, merge and unmerge. Everyone keeps bookmarks of their own.
      </p>
      <p>
        An API token acts as the person who created it, narrowed by its scopes: <code>read</code>, <code>write</code> (triage), <code>admin</code> and{" "}
        <code>upload</code> (source maps and releases, for <code>sentry-cli</code> and the bundler plugins in CI; a token with only this scope cannot read issues or events). A{" "}
        <code>write</code> or <code>admin</code> token may upload and manage releases too, as Sentry&apos;s <code>project:write</code> tokens may. A token never does more than its owner could, and a
        member&apos;s token never does more than that member. The <code>lantern</code> command on the server acts as the system actor <code>cli</code>, which holds every permission and is recorded as
        such in the audit log.
      </p>
      <p>
        The dashboard, the API and the command line call the same operations, and each operation checks who is asking, so they always agree. What each needs (<em>read</em>, <em>write</em>,{" "}
        <em>admin</em> or <em>upload</em>):
      </p>
      <table>
        <thead>
          <tr>
            <th>Operation</th>
            <th>Needs</th>
            <th>Who</th>
          </tr>
        </thead>
        <tbody>
          {verbs.map((verb) => (
            <tr key={verb}>
              <td>
                {policy[verb].summary} <code>{verb}</code>
              </td>
              <td>{policy[verb].permission}</td>
              <td>{permissionWords[policy[verb].permission]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
