import { eq, or } from 'drizzle-orm';
import { PASSWORD_MIN, SIGNUP_BONUS_POINTS } from '@gradelens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { openTestDatabase } from '../../../test/support/database.ts';
import { createUser, unique } from '../../../test/support/factories.ts';
import { createAdmin, promoteAdmin } from './admin.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const account = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0];
const accountsNamed = (username: string, email: string) =>
  database.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, email)));
const newAdmin = (username = unique('admin')) => ({
  username,
  email: `${username}@example.test`,
  password: 'admin-secret',
  confirmPassword: 'admin-secret',
});

describe('createAdmin', () => {
  it('creates an admin account with its sign-up points', async () => {
    const input = newAdmin();
    const created = await createAdmin(database.db, input);
    expect(created).toMatchObject({ username: input.username, email: input.email });
    expect(await account(created.id)).toMatchObject({ isAdmin: 1, points: SIGNUP_BONUS_POINTS });
  });

  it('refuses a taken username (in any case) and changes nothing', async () => {
    const holder = await createUser(database.db);
    const input = { ...newAdmin(), username: holder.username.toUpperCase() };
    await expect(createAdmin(database.db, input)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`already taken by account ${holder.id}`),
    });
    expect((await account(holder.id))?.isAdmin).toBe(0);
    expect(await accountsNamed(input.username, input.email)).toEqual([]);
  });

  it('refuses a taken email (in any case) and changes nothing', async () => {
    const holder = await createUser(database.db);
    const input = { ...newAdmin(), email: holder.email.toUpperCase() };
    await expect(createAdmin(database.db, input)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`already used by account ${holder.id} (username ${holder.username})`),
    });
    expect((await account(holder.id))?.isAdmin).toBe(0);
    expect(await accountsNamed(input.username, input.email)).toEqual([]);
  });

  it('applies the registration rules to the password', async () => {
    const tooShort = 'a'.repeat(PASSWORD_MIN - 1);
    const short = { ...newAdmin(), password: tooShort, confirmPassword: tooShort };
    await expect(createAdmin(database.db, short)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: `Password must be at least ${PASSWORD_MIN} characters. Nothing was changed.`,
    });
    const mismatched = { ...newAdmin(), confirmPassword: 'admin-secreT' };
    await expect(createAdmin(database.db, mismatched)).rejects.toThrow('Passwords do not match.');
    expect(await accountsNamed(short.username, short.email)).toEqual([]);
    expect(await accountsNamed(mismatched.username, mismatched.email)).toEqual([]);
  });
});

describe('promoteAdmin', () => {
  it('promotes the account with exactly that username and says who it is', async () => {
    const user = await createUser(database.db);
    expect(await promoteAdmin(database.db, user.username)).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      wasAdmin: false,
    });
    expect((await account(user.id))?.isAdmin).toBe(1);
    expect((await promoteAdmin(database.db, user.username)).wasAdmin).toBe(true);
  });

  it('fails for an unknown username', async () => {
    const username = unique('nobody');
    await expect(promoteAdmin(database.db, username)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining(`No account has the username ${username}`),
    });
  });

  it('never matches an email', async () => {
    const user = await createUser(database.db);
    await expect(promoteAdmin(database.db, user.email)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await account(user.id))?.isAdmin).toBe(0);
  });

  it('refuses a username in another case and names the exact one', async () => {
    const user = await createUser(database.db);
    await expect(promoteAdmin(database.db, user.username.toUpperCase())).rejects.toThrow(
      `run: npm run admin:create -- --promote ${user.username}`,
    );
    expect((await account(user.id))?.isAdmin).toBe(0);
  });
});
