// Creates an admin account, or makes one existing account an admin (see USAGE).
import { parseArgs } from 'node:util';
import { claimDataDir, DataDirInUseError } from '../src/data-dir-lock.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { AppError } from '../src/errors.ts';
import { createAdmin, promoteAdmin, type AdminAccount } from '../src/modules/accounts/admin.ts';
import { askHidden } from './ask-hidden.ts';

const USAGE = `Usage:
  npm run admin:create -- --username U --email E   creates a new admin account; the password
                                                   comes from ADMIN_PASSWORD, or is asked for
  npm run admin:create -- --promote U              makes the existing account named exactly U an admin`;

/** A failure the user can act on: printed as it is, never with a stack. */
class CommandError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

const usageError = (problem: string) => new CommandError(`${problem}\n${USAGE}`, 64);

type Command = { promote: string } | { username: string; email: string };

function parseCommand(args: string[]): Command {
  // Refused before anything else: a password typed as an argument stays in the shell history.
  if (args.some((a) => a === '--password' || a.startsWith('--password='))) {
    throw new CommandError(
      '--password is not accepted, since the shell history would keep the password: set ADMIN_PASSWORD, or run without it to be asked for it.',
      64,
    );
  }
  let values: { promote?: string; username?: string; email?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { promote: { type: 'string' }, username: { type: 'string' }, email: { type: 'string' } },
    }));
  } catch (error) {
    throw usageError((error as Error).message);
  }
  const { promote, username, email } = values;
  if (promote !== undefined && username === undefined && email === undefined) return { promote };
  if (promote === undefined && username && email) return { username, email };
  throw usageError(
    promote === undefined ? 'Give both --username and --email.' : '--promote takes a username and nothing else.',
  );
}

/** ADMIN_PASSWORD, else asked twice on the terminal. */
async function readPassword(): Promise<{ password: string; confirmPassword: string }> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return { password: fromEnv, confirmPassword: fromEnv };
  if (!process.stdin.isTTY) {
    throw new CommandError(
      'No password given: set ADMIN_PASSWORD, or run the command in a terminal to be asked for it.',
    );
  }
  const password = await askHidden('Password for the new admin: ');
  const confirmPassword = password === null ? null : await askHidden('The same password again: ');
  if (password === null || confirmPassword === null) throw new CommandError('Cancelled; nothing was changed.');
  return { password, confirmPassword };
}

const who = (a: AdminAccount) => `${a.username} (account ${a.id}, ${a.email})`;

/** The work to do once the database is open; the password is read before it opens. */
async function prepare(command: Command): Promise<(db: Database) => Promise<string>> {
  if ('promote' in command) {
    return async (db) => {
      const promoted = await promoteAdmin(db, command.promote);
      return promoted.wasAdmin ? `${who(promoted)} is already an admin.` : `Promoted ${who(promoted)} to admin.`;
    };
  }
  const input = { ...command, ...(await readPassword()) };
  return async (db) => `Created admin ${who(await createAdmin(db, input))}.`;
}

async function main(): Promise<string> {
  const command = parseCommand(process.argv.slice(2));
  const env = loadEnv();
  const release = env.DATABASE_URL ? () => undefined : claimDataDir(env.DATA_DIR);
  try {
    const task = await prepare(command);
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      return await task(database.db);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

function explain(error: unknown): string {
  if (error instanceof DataDirInUseError) {
    return `The data folder ${error.dataDir} is in use by process ${error.owner}, most likely the server: stop the server first, then run this command again.`;
  }
  if (error instanceof CommandError || error instanceof AppError) return error.message;
  // Drizzle wraps the database's own error, whose message is the useful one.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return `admin:create failed: ${cause instanceof Error ? cause.message : String(cause)}`;
}

try {
  console.log(await main());
} catch (error) {
  console.error(explain(error));
  process.exitCode = error instanceof CommandError ? error.exitCode : 1;
}
