import { fileURLToPath } from 'node:url';

/** E2E_PORT lets a second run (another checkout's, a helper's) use its own port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5055);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ADMIN = { username: 'e2e_admin', email: 'e2e_admin@example.test', password: 'admin-secret-1' };
/** Generated card photos (kept out of test-results, which Playwright empties at every run). */
export const PHOTOS_DIR = fileURLToPath(new URL('./.photos', import.meta.url));
/** Mails the app sent during the browser tests, one .eml file each (see start-server.mjs). */
export const MAIL_DIR = fileURLToPath(new URL('./.mail', import.meta.url));
