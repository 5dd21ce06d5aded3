// Prints a session cookie for the benchmarks: creates (once) an owner on the database named by
// DATABASE_URL and signs it in through better-auth's server API — the same sessions table and signed
// cookie the sign-in page produces, without a browser.
import { loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { createAuth } from "../src/server/auth/create-auth";
import { getAuthSecret } from "../src/server/auth/get-auth-secret";
import { createUser } from "../src/server/users/create-user";
import { benchUser } from "./dashboard/bench-user";

const { email, password } = benchUser;
const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database.db);
  const auth = createAuth(database, config, await getAuthSecret(database.db, config.auth.secret));
  const existing = await database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (!existing) await createUser(database.db, { email, name: "Bench", password, role: "owner" }, auth);
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers.getSetCookie().find((value) => value.startsWith("lantern.session_token="));
  if (!cookie) throw new Error("better-auth set no session cookie");
  process.stdout.write(cookie.split(";")[0]!);
} finally {
  await database.close();
}
