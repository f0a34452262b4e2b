import { eq, or, sql } from 'drizzle-orm';
import { registerSchema } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { registerUser } from './service.ts';

export interface AdminInput {
  username: string;
  email: string;
  password?: string;
}

/**
 * Promotes the account with that username or email to admin, or creates a new admin account
 * (which needs a password). Answers what it did.
 */
export async function createOrPromoteAdmin(db: Database, input: AdminInput): Promise<'created' | 'promoted'> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(eq(sql`lower(${users.username})`, input.username.toLowerCase()), eq(sql`lower(${users.email})`, input.email.toLowerCase())),
    )
    .limit(1);
  if (existing) {
    await db.update(users).set({ isAdmin: 1 }).where(eq(users.id, existing.id));
    return 'promoted';
  }
  if (!input.password) {
    throw new AppError('VALIDATION', 'No account has that username or email: give --password to create one.');
  }
  const parsed = registerSchema.safeParse({ ...input, confirmPassword: input.password });
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues.map((i) => i.message).join('; '));
  await registerUser(db, parsed.data, { isAdmin: true });
  return 'created';
}
