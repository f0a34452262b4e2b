import { z } from 'zod';
import { PASSWORD_MIN, USERNAME_MIN } from './constants.ts';

/** Validation shared by the auth forms and the auth routes; messages are docs/product.md section 5's. */

const PASSWORD_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters`;

export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .email({ message: 'Please enter a valid email address' });

export const loginSchema = z.object({
  emailOrUsername: z
    .string({ error: 'Please enter a valid email or username' })
    .trim()
    .min(3, { message: 'Please enter a valid email or username' }),
  password: z.string({ error: PASSWORD_MESSAGE }).min(PASSWORD_MIN, { message: PASSWORD_MESSAGE }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    username: z
      .string({ error: `Username must be at least ${USERNAME_MIN} characters` })
      .trim()
      .min(USERNAME_MIN, { message: `Username must be at least ${USERNAME_MIN} characters` })
      .max(40, { message: 'Username must be at most 40 characters' })
      .regex(/^[A-Za-z0-9_.-]+$/, {
        message: 'Username may use letters, digits, dots, dashes and underscores only',
      }),
    email: emailSchema,
    password: z.string({ error: PASSWORD_MESSAGE }).min(PASSWORD_MIN, { message: PASSWORD_MESSAGE }),
    confirmPassword: z.string({ error: PASSWORD_MESSAGE }).min(PASSWORD_MIN, { message: PASSWORD_MESSAGE }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The user as GET /api/user, login and register answer it. */
export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  profilePicturePath?: string;
  points: number;
  createdAt: string;
}
