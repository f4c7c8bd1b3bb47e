// `npm run admin -- <command>`: account rescue from a shell on the server, for when no admin can
// sign in. It opens the server's database (same environment as the server) and runs the server's
// own commands, so hashing, session revocation and the audit log are what the API would do.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import * as z from "zod";
import type { TokenClaims } from "../auth/tokens.js";
import { adminCreateUser, adminUpdateUser } from "../commands/adminUsers.js";
import type { AuditActor } from "../commands/audit.js";
import type { AppContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import type { UserRow } from "../repos/users.js";
import { CommandLineError, withServerContext } from "./context.js";

const USAGE = `Usage: npm run admin -- <command>

  reset-password <email> [--password X]   set a new password (a generated one is printed
                                          when none is given) and end the user's sessions
  create-admin <email> <name> [--password X]
                                          create an admin account (password generated
                                          and printed when none is given)
  unfreeze <email|uid>                    let a frozen account sign in again
  list-admins                             uid, e-mail, name and status of every admin
  --help                                  this text

The database is the server's: DATA_DIR (default ./data), or DATABASE_URL and DATABASE_SCHEMA
for PostgreSQL. On SQLite, a DATA_DIR without a database is refused, except by create-admin
(the first admin of a new server). Safe while the server runs. Exit status: 0 done, 1 refused
(unknown user, taken e-mail or name, no database), 2 malformed command line.`;

/** The command line as the acting admin: the policies see an admin that is nobody in particular. */
const COMMAND_LINE_ADMIN: TokenClaims = { uid: 0, device: "command-line", is_admin: true, is_guest: false };
/** The audit log records the command line as an action without a signed-in user or address. */
const COMMAND_LINE_AUDIT: AuditActor = { uid: null, ip: null };

// The API's own limits (routes/admin-user/schema.ts).
const emailSchema = z.email().max(254);
const passwordSchema = z.string().min(6, "a password needs at least 6 characters").max(128, "a password has at most 128 characters");
const nameSchema = z.string().trim().min(1, "the name is empty").max(32, "a name has at most 32 characters");

function valid<T>(schema: z.ZodType<T>, value: string, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CommandLineError(`${what}: ${parsed.error.issues[0]?.message ?? "invalid"} (${JSON.stringify(value)})`, 2);
  return parsed.data;
}

/** 16 URL-safe characters, 96 bits. */
const generatePassword = () => randomBytes(12).toString("base64url");

async function findUser(ctx: AppContext, who: string): Promise<UserRow> {
  const user = /^\d+$/.test(who) ? await ctx.repos.users.byId(Number(who)) : await ctx.repos.users.byEmail(valid(emailSchema, who, "e-mail"));
  if (!user || user.create_by === "guest") throw new CommandLineError(`no such user: ${who}`);
  return user;
}

/** The server's refusals (409 taken e-mail, 451 user limit…) as an operator reads them. */
function describe(err: HttpError): string {
  const reason = (err.json as { reason?: string } | undefined)?.reason;
  if (reason === "email_conflict") return "an account with this e-mail already exists";
  if (reason === "name_conflict") return "an account with this name already exists";
  return err.message || `refused (${err.status})`;
}

async function run(argv: string[], print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { password: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === "help") return print(USAGE);
  const expect = (n: number) => {
    if (rest.length !== n) throw new CommandLineError(`${command} takes ${n} argument${n === 1 ? "" : "s"}\n\n${USAGE}`, 2);
  };
  const password = values.password === undefined ? undefined : valid(passwordSchema, values.password, "password");

  switch (command) {
    case "reset-password": {
      expect(1);
      const email = valid(emailSchema, rest[0], "e-mail");
      const newPassword = password ?? generatePassword();
      await withServerContext(async (ctx) => {
        const user = await findUser(ctx, email);
        // As `PUT /admin/user/{uid}` with a password: the user's refresh tokens go.
        await adminUpdateUser(ctx, COMMAND_LINE_ADMIN, user.uid, { password: newPassword }, COMMAND_LINE_AUDIT);
        print(`password of ${user.email} (uid ${user.uid}) reset; existing sessions end at their next renewal`);
      });
      if (password === undefined) print(`new password: ${newPassword}`);
      return;
    }
    case "create-admin": {
      expect(2);
      const email = valid(emailSchema, rest[0], "e-mail");
      const name = valid(nameSchema, rest[1], "name");
      const newPassword = password ?? generatePassword();
      await withServerContext(async (ctx) => {
        const user = await adminCreateUser(
          ctx,
          { email, name, password: newPassword, gender: 0, language: "en-US", is_admin: true, is_bot: false, create_by: "password" },
          COMMAND_LINE_AUDIT,
        );
        print(`admin ${user.email} (uid ${user.uid}) created`);
      }, { createDatabase: true });
      if (password === undefined) print(`password: ${newPassword}`);
      return;
    }
    case "unfreeze": {
      expect(1);
      await withServerContext(async (ctx) => {
        const user = await findUser(ctx, rest[0]);
        if (user.status !== "frozen") return print(`${user.email ?? user.name} (uid ${user.uid}) is not frozen`);
        await adminUpdateUser(ctx, COMMAND_LINE_ADMIN, user.uid, { status: "normal" }, COMMAND_LINE_AUDIT);
        print(`${user.email ?? user.name} (uid ${user.uid}) unfrozen`);
      });
      return;
    }
    case "list-admins": {
      expect(0);
      await withServerContext(async (ctx) => {
        const admins = (await ctx.repos.users.listMembers()).filter((u) => u.is_admin === 1);
        for (const u of admins) print([u.uid, u.email ?? "-", u.name, u.status].join("\t"));
        if (admins.length === 0) console.error("no admin accounts (create one with create-admin)");
      });
      return;
    }
    default:
      throw new CommandLineError(command ? `unknown command: ${command}\n\n${USAGE}` : USAGE, 2);
  }
}

try {
  await run(process.argv.slice(2), (line) => console.log(line));
  process.exit(0);
} catch (err) {
  if (err instanceof CommandLineError) {
    console.error(err.message);
    process.exit(err.exitCode);
  }
  if (err instanceof HttpError) {
    console.error(describe(err));
    process.exit(1);
  }
  // parseArgs: an unknown option or a missing value.
  if ((err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  throw err;
}
