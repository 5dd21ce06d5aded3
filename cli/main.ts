import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";
import { Command } from "commander";
import { systemContext } from "../src/server/access/system-context";
import { ConfigError, loadConfig, type LanternConfig } from "../src/server/config";
import { serverApplicationName } from "../src/server/backup/server-application-name";
import { runBackupCommand } from "./backup-command";
import { resolvePublicUrl } from "./choose-public-url";
import { runDigestCommand } from "./digest-command";
import { runDoctor } from "./doctor";
import { withDatabase } from "./with-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { createProject } from "../src/server/projects/create-project";
import { listProjects } from "../src/server/projects/list-projects";
import { buildDsn } from "../src/server/projects/build-dsn";
import { ensureInternalProject } from "../src/server/projects/ensure-internal-project";
import { registerOwnSourceMapsAtStart, runRegisterOwnSourceMaps } from "./own-source-maps-command";
import { runRestoreCommand } from "./restore-command";
import { startServer } from "./start-server";
import { hasAnyUser } from "../src/server/users/count-users";
import { recordServerUrl } from "../src/server/instance/recorded-server-url";
import { runCreateToken, runCreateUser } from "./user-commands";

// The same .env files Next.js reads, so the CLI and the server see one configuration.
nextEnv.loadEnvConfig(fileURLToPath(new URL("..", import.meta.url)), false, { info: () => {}, error: console.error });

function readConfigOrExit(): LanternConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`lantern: ${error.message}\nFix the variables above (see .env.example) and start again.`);
      process.exit(1);
    }
    throw error;
  }
}

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

const program = new Command("lantern")
  .description("Lantern — self-hosted error monitoring for the Sentry SDKs")
  .version(version, "-V, --version", "print Lantern's version")
  .showHelpAfterError();

program
  .command("start")
  .description("migrate the database and serve the production build")
  .action(async () => {
    const config = readConfigOrExit();
    // Names every PostgreSQL connection of this process (node-pg reads PGAPPNAME): `lantern restore` looks for it.
    process.env.PGAPPNAME = serverApplicationName;
    const hasOwner = await withDatabase(config, async (database) => {
      const applied = await migrateToLatest(database.db);
      if (applied.length > 0) console.log(`lantern: applied migrations ${applied.join(", ")}`);
      const internal = await ensureInternalProject(database.db);
      await registerOwnSourceMapsAtStart(database, internal.projectId);
      return hasAnyUser(database.db);
    });
    await startServer(config, { hasOwner });
    // Once listening (a start that failed to bind records nothing): a CLI in another shell prints DSNs for this
    // server. Only a hint for the CLI, so a failure is reported and the server keeps serving.
    await withDatabase(config, (database) => recordServerUrl(database.db, config.publicUrl)).catch((error: unknown) => {
      console.error(`lantern: could not record ${config.publicUrl} for the CLI's DSNs: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

program
  .command("register-own-source-maps", { hidden: true })
  .description("register this build's own source maps in the Lantern project (lantern start runs it)")
  .action(async () => {
    const config = readConfigOrExit();
    await withDatabase(config, async (database) => runRegisterOwnSourceMaps(database, (await ensureInternalProject(database.db)).projectId));
  });

program
  .command("migrate")
  .description("apply database migrations that have not run yet")
  .action(async () => {
    const config = readConfigOrExit();
    await withDatabase(config, async (database) => {
      const applied = await migrateToLatest(database.db);
      console.log(applied.length > 0 ? `Applied ${applied.join(", ")}.` : "The database is up to date.");
    });
  });

const project = program.command("project").description("manage projects");

project
  .command("create <name>")
  .description("create a project and print its DSN")
  .option("-p, --platform <platform>", "javascript-nextjs, javascript-react, javascript, node, python, go or other", "other")
  .action(async (name: string, options: { platform: string }) => {
    const config = readConfigOrExit();
    await withDatabase(config, async (database) => {
      await migrateToLatest(database.db);
      const created = await createProject(systemContext(database, config), { name, platform: options.platform as never });
      const publicUrl = await resolvePublicUrl(database, "DSNs", config.publicUrl);
      console.log(buildDsn(publicUrl, created.key.public_key, created.project.id));
    });
  });

project
  .command("list")
  .description("list projects with their DSNs")
  .action(async () => {
    const config = readConfigOrExit();
    await withDatabase(config, async (database) => {
      await migrateToLatest(database.db);
      const projects = await listProjects(systemContext(database, config));
      if (projects.length === 0) console.log("No projects yet. Create one with: lantern project create <name>");
      const publicUrl = projects.length > 0 ? await resolvePublicUrl(database, "DSNs", config.publicUrl) : config.publicUrl;
      for (const row of projects) {
        const dsn = row.publicKey ? buildDsn(publicUrl, row.publicKey, row.id) : "(no active key)";
        console.log(`${row.slug.padEnd(24)} ${row.platform.padEnd(18)} ${dsn}`);
      }
    });
  });

const user = program.command("user").description("manage accounts");

user
  .command("create")
  .description("create an account (the first owner of a headless install, for instance)")
  .requiredOption("--email <email>", "the account's e-mail address")
  .option("--name <name>", "the name shown in the dashboard")
  .option("--owner", "make the account an owner")
  .option("--role <role>", "owner, admin or member", "member")
  .option("--password-stdin", "read the password from standard input (otherwise one is generated and printed once)")
  .action(async (options: { email: string; name?: string; owner?: boolean; role?: string; passwordStdin?: boolean }) => {
    await runCreateUser(readConfigOrExit(), options);
  });

const token = program.command("token").description("manage API tokens");

token
  .command("create")
  .description("print a new API token for a user (shown once; stored hashed)")
  .requiredOption("--user <email>", "whose token it is; it can never do more than this user")
  .option("--scopes <scopes>", "comma-separated: read, write, admin, upload (upload alone: a CI token for sentry-cli that reads nothing)", "read")
  .option("--name <name>", "a name to recognise the token by", "CLI token")
  .action(async (options: { user: string; scopes: string; name?: string }) => {
    await runCreateToken(readConfigOrExit(), options);
  });

program
  .command("digest <value>")
  .description("print the URL of the event whose digest tag is <value> (the \"Digest:\" line of an error page)")
  .action(async (value: string) => {
    process.exitCode = await runDigestCommand(readConfigOrExit(), value);
  });

program
  .command("backup <file>")
  .description("write a consistent copy of the database to <file> while Lantern runs (SQLite: online backup; PostgreSQL: pg_dump)")
  .action(async (file: string) => {
    process.exitCode = await runBackupCommand(readConfigOrExit(), file);
  });

program
  .command("restore <file>")
  .description("replace the database with a backup from lantern backup, then migrate it forward (stop the server first)")
  .action(async (file: string) => {
    process.exitCode = await runRestoreCommand(readConfigOrExit(), file);
  });

program
  .command("doctor")
  .description("check configuration, database and disk space, and say what is wrong")
  .action(async () => {
    process.exitCode = (await runDoctor(process.env)) ? 0 : 1;
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(`lantern: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
