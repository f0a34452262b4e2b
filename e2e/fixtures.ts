import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, PHOTOS_DIR } from './constants.ts';

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

/** The page's session is this user's: what the test does next happens in their account. */
export async function expectSignedInAs(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.get('/api/user');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ id: user.id, username: user.username, email: user.email });
}

export async function signInAsAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { emailOrUsername: ADMIN.username, password: ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

/** The generated photo pairs (e2e/make-photos.ts): a clean card, and a worn one the engine grades in half points. */
export const PAIRS = {
  clean: { front: 'front.jpg', back: 'back.jpg' },
  worn: { front: 'worn-front.jpg', back: 'worn-back.jpg' },
} as const;

/** Uploads a generated front and back photo through the API; the card has no details or grades yet. */
export async function uploadCard(page: Page, pair: keyof typeof PAIRS = 'clean'): Promise<number> {
  const photo = (name: string) => ({
    name,
    mimeType: 'image/jpeg',
    buffer: readFileSync(path.join(PHOTOS_DIR, name)),
  });
  const upload = await page.request.post('/api/card-gradings/upload', {
    multipart: { frontImage: photo(PAIRS[pair].front), backImage: photo(PAIRS[pair].back) },
  });
  expect(upload.status()).toBe(201);
  return (await upload.json()).id;
}

/** A card uploaded, described and graded through the API (10 points), for tests about later screens. */
export async function gradeCard(
  page: Page,
  details = { cardName: 'Blastoise', cardSet: 'Base Set', gameBrand: 'Pokemon' },
  pair: keyof typeof PAIRS = 'clean',
): Promise<number> {
  const id = await uploadCard(page, pair);
  expect((await page.request.patch(`/api/card-gradings/${id}/metadata`, { data: details })).status()).toBe(200);
  expect((await page.request.post(`/api/card-gradings/${id}/analyze`, { data: {} })).status()).toBe(200);
  return id;
}

export const test = base.extend<{ user: TestUser; contentSecurityPolicyHeld: void }>({
  // Every test fails when the page reports a Content-Security-Policy violation: the policy the
  // server sends must hold for every screen the tests visit.
  contentSecurityPolicyHeld: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`),
        );
      });
      await use();
      expect(violations, 'Content-Security-Policy violations reported by the page').toEqual([]);
    },
    { auto: true },
  ],
  user: async ({ page }, use) => {
    await use(await signUp(page));
  },
});

export { expect };
