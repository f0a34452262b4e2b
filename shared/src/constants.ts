import type { CurrentUser } from './auth.ts';

/** Business constants: one place for every number the product promises (docs/product.md section 9). */

export const BRAND = 'GradeLens';
export const TAGLINE = 'Professional trading card grading at your fingertips';

export const POINTS_PER_GRADING = 10;
export const SIGNUP_BONUS_POINTS = 20;

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;

export const GRADE_MIN = 1;
export const GRADE_MAX = 10;
export const DEMO_GRADE_MIN = 8;

export interface PointsPackage {
  id: string;
  name: string;
  points: number;
  /** Price in US dollars. */
  price: number;
}

export const DEFAULT_PACKAGES: readonly PointsPackage[] = [
  { id: 'basic', name: 'Basic', points: 100, price: 5 },
  { id: 'standard', name: 'Standard', points: 250, price: 10 },
  { id: 'premium', name: 'Premium', points: 500, price: 20 },
  { id: 'ultimate', name: 'Ultimate', points: 1000, price: 40 },
];

export const PAYMENT_METHODS = ['venmo', 'cashapp', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TOAST_DURATION_MS = 5000;

export const PORTFOLIO_PAGE_SIZE = 12;
export const PORTFOLIO_LOAD_MORE_DELAY_MS = 800;
export const PORTFOLIO_RECENT_COUNT = 5;

/** Uploads never graded are deleted this many days after upload (server/src/cleanup.ts). */
export const DRAFT_KEEP_DAYS = 30;

export const PRICE_CACHE_MS = 5 * 60 * 1000;
export const GRADED_PRICE_MIN_GRADE = 8;
/** Price look-ups per client address per window (the portfolio asks once per card shown, 12 at a time). */
export const CARD_PRICE_RATE_LIMIT = { perIp: 300, windowSeconds: 5 * 60 } as const;

/** Largest JSON body any call accepts: every form of the product fits in a few kilobytes. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Files in one upload: a card's front and back. */
export const UPLOAD_MAX_FILES = 2;
export const UPLOAD_MAX_PIXELS = 50_000_000;
/**
 * Longest a photo may take to decode and re-encode before the upload is refused. A 12 MP JPEG
 * takes about 0.2 s and a 48 MP HEIC about 4 s of one core; the rest is room for a busy server.
 */
export const IMAGE_DECODE_BUDGET_SECONDS = 15;
/** The photo formats uploads take, told by their bytes on the server; the file inputs offer the same. */
export const PHOTO_FORMATS = 'JPEG, PNG, WebP, HEIC or AVIF';
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,.heic,.heif';

/**
 * The JSON element the server writes into each page it sends (server/src/http/app-shell.ts),
 * read by the client before its first render (client/src/lib/boot.ts): who is signed in.
 */
export const BOOT_ELEMENT_ID = 'gl-boot';
export interface BootData {
  user: CurrentUser | null;
}

/** The user-timing mark the client sets once it has taken the page over (npm run bench:web reads it). */
export const APP_READY_MARK = 'gradelens:app-ready';
