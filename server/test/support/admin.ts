import type { TestApp } from './app.ts';
import { createUser, signIn, type UserFixture } from './factories.ts';

/** A guest (no cookie), a user, another user and an admin: the four roles every permission is tested for. */
export async function rolesFor(t: TestApp): Promise<{
  user: UserFixture & { cookie: string };
  other: UserFixture & { cookie: string };
  admin: UserFixture & { cookie: string };
}> {
  const [user, other, admin] = await Promise.all([
    createUser(t.db),
    createUser(t.db),
    createUser(t.db, { isAdmin: true }),
  ]);
  return {
    user: { ...user, cookie: await signIn(t.app, user) },
    other: { ...other, cookie: await signIn(t.app, other) },
    admin: { ...admin, cookie: await signIn(t.app, admin) },
  };
}
