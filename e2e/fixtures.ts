import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN } from './constants.ts';

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

let counter = 0;
export function newUserData() {
  counter += 1;
  const username = `e2e_${Date.now().toString(36)}_${process.pid}_${counter}`;
  return { username, email: `${username}@example.test`, password: 'secret-123' };
}

/** Registers through the API in the page's own context, so the page is signed in. */
export async function signUp(page: Page): Promise<TestUser> {
  const data = newUserData();
  const response = await page.request.post('/api/register', { data: { ...data, confirmPassword: data.password } });
  expect(response.status()).toBe(201);
  return { ...data, id: (await response.json()).id };
}

export async function signInAsAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/login', { data: { emailOrUsername: ADMIN.username, password: ADMIN.password } });
  expect(response.status()).toBe(200);
}

export const test = base.extend<{ user: TestUser }>({
  user: async ({ page }, use) => {
    await use(await signUp(page));
  },
});

export { expect };
