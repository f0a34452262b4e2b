import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { openTestDatabase } from '../../../test/support/database.ts';
import { createUser, unique } from '../../../test/support/factories.ts';
import { createOrPromoteAdmin } from './admin.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const isAdmin = async (username: string) =>
  (await database.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.username, username)))[0]?.isAdmin;

describe('admin:create', () => {
  it('creates an admin account with its sign-up points', async () => {
    const username = unique('admin');
    const outcome = await createOrPromoteAdmin(database.db, {
      username,
      email: `${username}@example.test`,
      password: 'admin-secret',
    });
    expect(outcome).toBe('created');
    expect(await isAdmin(username)).toBe(1);
  });

  it('promotes an existing user found by email', async () => {
    const user = await createUser(database.db);
    expect(await createOrPromoteAdmin(database.db, { username: unique('other'), email: user.email })).toBe('promoted');
    expect(await isAdmin(user.username)).toBe(1);
  });

  it('asks for a password when there is no account to promote', async () => {
    const username = unique('nobody');
    await expect(
      createOrPromoteAdmin(database.db, { username, email: `${username}@example.test` }),
    ).rejects.toThrow(/give --password/);
  });
});
