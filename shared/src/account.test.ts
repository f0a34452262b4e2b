import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  updateEmailSchema,
} from './account.ts';

/** The messages of a failed parse, keyed by field ('' for the object itself). */
function messages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('the profile password form', () => {
  const valid = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

  it('accepts three long enough passwords whose new ones match', () => {
    expect(changePasswordFormSchema.safeParse(valid).success).toBe(true);
  });

  it('names each field that is shorter than 6 characters', () => {
    expect(
      messages(changePasswordFormSchema, { currentPassword: '12345', newPassword: '12345', confirmPassword: '12345' }),
    ).toEqual({
      currentPassword: ['Current password must be at least 6 characters'],
      newPassword: ['New password must be at least 6 characters'],
      confirmPassword: ['Confirm password must be at least 6 characters'],
    });
  });

  it('gives the same messages when the fields are missing', () => {
    expect(messages(changePasswordFormSchema, {})).toEqual({
      currentPassword: ['Current password must be at least 6 characters'],
      newPassword: ['New password must be at least 6 characters'],
      confirmPassword: ['Confirm password must be at least 6 characters'],
    });
  });

  it("puts 'Passwords don't match' on the confirm field", () => {
    expect(messages(changePasswordFormSchema, { ...valid, confirmPassword: 'new-secreT' })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });
});

describe('the change-password call', () => {
  it('requires the current password and a new one of at least 6 characters', () => {
    expect(messages(changePasswordSchema, { currentPassword: '', newPassword: '12345' })).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['New password must be at least 6 characters'],
    });
    expect(messages(changePasswordSchema, {})).toMatchObject({ currentPassword: ['Current password is required'] });
    expect(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'new-secret' }).success).toBe(true);
  });
});

describe('the email forms', () => {
  it('the reset request form asks for a valid email address', () => {
    expect(messages(forgotPasswordSchema, { email: 'not-an-email' })).toEqual({
      email: ['Please enter a valid email address'],
    });
    expect(messages(forgotPasswordSchema, {})).toEqual({ email: ['Please enter a valid email address'] });
    expect(forgotPasswordSchema.parse({ email: '  ann@example.test ' })).toEqual({ email: 'ann@example.test' });
  });

  it('the update email form asks for a valid email address and the current password', () => {
    expect(messages(updateEmailSchema, { email: 'not-an-email', currentPassword: '' })).toEqual({
      email: ['Please enter a valid email address'],
      currentPassword: ['Current password is required'],
    });
    expect(messages(updateEmailSchema, {})).toEqual({
      email: ['Please enter a valid email address'],
      currentPassword: ['Current password is required'],
    });
    expect(updateEmailSchema.parse({ email: '  ann@example.test ', currentPassword: 'x' })).toEqual({
      email: 'ann@example.test',
      currentPassword: 'x',
    });
  });
});

describe('the password reset form', () => {
  const valid = { token: 'abc', password: 'fresh-pass', confirmPassword: 'fresh-pass' };

  it('accepts a token and two matching passwords', () => {
    expect(resetPasswordFormSchema.safeParse(valid).success).toBe(true);
  });

  it('names the missing token and the short passwords', () => {
    expect(messages(resetPasswordFormSchema, { token: '   ', password: '12345', confirmPassword: '12345' })).toEqual({
      token: ['Reset token is required'],
      password: ['Password must be at least 6 characters'],
      confirmPassword: ['Confirm password must be at least 6 characters'],
    });
    expect(messages(resetPasswordFormSchema, {})).toEqual({
      token: ['Reset token is required'],
      password: ['Password must be at least 6 characters'],
      confirmPassword: ['Confirm password must be at least 6 characters'],
    });
  });

  it("puts 'Passwords don't match' on the confirm field", () => {
    expect(messages(resetPasswordFormSchema, { ...valid, confirmPassword: 'fresh-pasS' })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });
});

describe('the reset call', () => {
  it('requires a token and a password of at least 6 characters', () => {
    expect(messages(resetPasswordSchema, { token: '', password: '12345' })).toEqual({
      token: ['Reset token is required'],
      password: ['Password must be at least 6 characters'],
    });
    expect(messages(resetPasswordSchema, {})).toEqual({
      token: ['Reset token is required'],
      password: ['Password must be at least 6 characters'],
    });
    expect(resetPasswordSchema.parse({ token: ' abc ', password: 'fresh-pass' })).toEqual({
      token: 'abc',
      password: 'fresh-pass',
    });
  });
});
