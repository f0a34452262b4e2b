import { mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { IN_PERSON_SERVICE_TYPES, toCents, toTenThousandths, type InPersonServiceType } from '@gradelens/shared';
import { storageKeyProblems, storageUrlSchema } from './storage/storage-url.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/**
 * Which proxies to believe about the client's address. Never 'everyone': the leftmost
 * X-Forwarded-For entry is whatever the client wrote. A number trusts that many hops (the
 * address the outermost trusted proxy appended is the client's); a list trusts those proxy
 * addresses or ranges. 'true' is one hop, the common single reverse proxy.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): false | number | string => {
    const value = raw.trim().toLowerCase();
    if (value === 'false' || value === '0' || value === '') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const valid = entries.every((entry) => {
      const [address, bits, ...rest] = entry.split('/');
      if (rest.length > 0 || !address || !isIP(address)) return false;
      return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
    });
    if (valid) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a number of proxy hops from 1 to 10 (true means 1), or a comma-separated list of proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

const packagesSchema = z
  .array(
    z.object({
      id: z.string().regex(/^[a-z0-9_-]+$/),
      name: z.string().min(1),
      points: z.number().int().positive(),
      price: z.number().positive(),
    }),
  )
  .min(1);

/** Prices per card of in-person grading: dollars as a string or number, from $0.01 to $10,000. */
const inPersonPricesSchema = z
  .partialRecord(
    z.enum(IN_PERSON_SERVICE_TYPES),
    z.union([z.string(), z.number()]).transform((amount, ctx) => {
      try {
        const cents = toCents(amount);
        if (cents >= 1 && cents <= 10_000_00) return cents;
      } catch {
        // Not an amount of money: refused just below.
      }
      ctx.addIssue({ code: 'custom', message: 'not a price' });
      return z.NEVER;
    }),
  )
  .refine((prices) => Object.keys(prices).length > 0);

/** The owner's share of ad revenue: a fraction from 0 to 1, read as ten-thousandths (0.5 is 5000). */
const adOwnerShareSchema = z
  .string()
  .default('0.5')
  .transform((raw, ctx) => {
    try {
      const share = toTenThousandths(raw);
      if (share <= 10_000) return share;
    } catch {
      // Not a fraction: refused just below.
    }
    ctx.addIssue({
      code: 'custom',
      message: 'must be a fraction from 0 to 1 with at most 4 decimal places, such as 0.5',
    });
    return z.NEVER;
  });

/** The least payout an owner may ask for, in dollars, read as cents. */
const adPayoutMinimumSchema = z
  .string()
  .default('10')
  .transform((raw, ctx) => {
    try {
      const cents = toCents(raw);
      if (cents >= 1 && cents <= 100_000_00) return cents;
    } catch {
      // Not an amount of money: refused just below.
    }
    ctx.addIssue({ code: 'custom', message: 'must be an amount in dollars from 0.01 to 100000, such as 10 or 25.50' });
    return z.NEVER;
  });

/** A setting that may be left out: empty or blank counts as not set. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const envSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  // Stored files in an S3-compatible bucket instead of DATA_DIR/uploads (decision 24), and its keys.
  STORAGE_URL: storageUrlSchema,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxySchema,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('GradeLens <no-reply@gradelens.local>'),
  RESET_TOKEN_IN_RESPONSE: booleanFlag,
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(50),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  AUTH_FREE_FAILURES: z.coerce.number().int().min(0).default(5),
  USER_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60),
  UPLOADS_PER_USER: z.coerce.number().int().positive().default(60),
  ANALYSES_PER_USER: z.coerce.number().int().positive().default(60),
  PAYMENTS_PER_USER: z.coerce.number().int().positive().default(10),
  DRAFTS_PER_USER: z.coerce.number().int().positive().default(20),
  // The operator's own receiving accounts; a method without one is not offered (none: no purchases).
  PAYMENT_ACCOUNT_VENMO: optionalText,
  PAYMENT_ACCOUNT_CASHAPP: optionalText,
  PAYMENT_ACCOUNT_PAYPAL: optionalText,
  POINTS_PACKAGES: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      try {
        return packagesSchema.parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a JSON array of { "id", "name", "points", "price" } with positive points and price',
        });
        return z.NEVER;
      }
    }),
  // Prices per card of the in-person grading services (the rest keep shared's defaults), in cents once read.
  IN_PERSON_PRICES: z
    .string()
    .optional()
    .transform((raw, ctx): Partial<Record<InPersonServiceType, number>> | undefined => {
      if (raw === undefined) return undefined;
      try {
        return inPersonPricesSchema.parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `must be a JSON object of prices per card in dollars, such as {"standard": "25.00", "express": 50}, for ${IN_PERSON_SERVICE_TYPES.join(', ')}, each from 0.01 to 10000`,
        });
        return z.NEVER;
      }
    }),
  // In-person submissions per guest address, or per signed-in user, in USER_RATE_LIMIT_WINDOW_SECONDS.
  IN_PERSON_SUBMISSIONS_PER_WINDOW: z.coerce.number().int().positive().default(10),
  // Where customers send cards for in-person grading; '\n' in the value starts a new line.
  IN_PERSON_SHIP_TO: optionalText.transform((v) => v?.replace(/\\n/g, '\n')),
  // Sponsored placements: the page owner's share of each impression's and click's revenue, and the least payout.
  AD_OWNER_SHARE: adOwnerShareSchema,
  AD_PAYOUT_MINIMUM: adPayoutMinimumSchema,
  EBAY_CLIENT_ID: z.string().optional(),
  EBAY_CLIENT_SECRET: z.string().optional(),
  EBAY_API_URL: z.url().default('https://api.ebay.com'),
  // The operator's stores; a link without one is not shown.
  MARKETPLACE_LIVE_URL: z.url().optional(),
  MARKETPLACE_RESALE_URL: z.url().optional(),
  GRADING_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  // With DATABASE_URL, analyses go through a queue in PostgreSQL: true (the default) lets this API
  // process run them too, so one machine needs only `npm start`; false leaves them to `npm run worker`.
  GRADING_IN_API: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Settings that only make sense together: the bucket's keys come as a pair; workers need PostgreSQL. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  for (const { path, message } of storageKeyProblems(env)) ctx.addIssue({ code: 'custom', path: [path], message });
  if (!env.GRADING_IN_API && !env.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['GRADING_IN_API'],
      message:
        'false needs DATABASE_URL: grading workers (npm run worker) take their jobs from a queue in PostgreSQL, and the embedded database has none',
    });
  }
});

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string; PUBLIC_URL: string };

/** Settings that work but that a production server should not run with; logged at start. */
export function startupWarnings(env: Env, source: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (!source.PUBLIC_URL) warnings.push(`PUBLIC_URL is unset: links in mail and on labels point at ${env.PUBLIC_URL}`);
  if (!env.SMTP_URL) {
    warnings.push(
      'SMTP_URL is unset: no mail is sent, so password-reset links and account notices reach nobody. ' +
        'Set SMTP_URL (smtp://user:pass@host:587), or for local development RESET_TOKEN_IN_RESPONSE=true to get reset tokens in the API answer.',
    );
  }
  if (!env.PAYMENT_ACCOUNT_VENMO && !env.PAYMENT_ACCOUNT_CASHAPP && !env.PAYMENT_ACCOUNT_PAYPAL) {
    warnings.push(
      'No payment account is set (PAYMENT_ACCOUNT_VENMO, PAYMENT_ACCOUNT_CASHAPP, PAYMENT_ACCOUNT_PAYPAL): points cannot be bought, and the Point Bank says purchases are not set up yet.',
    );
  }
  if (!env.IN_PERSON_SHIP_TO) {
    warnings.push(
      'IN_PERSON_SHIP_TO is unset: in-person submitters are told you will write to them with the address to send their cards to.',
    );
  }
  return warnings;
}

/** Reads and checks the environment once at boot; a bad value stops the server with a list. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = checkedEnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment settings:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  // npm runs workspace scripts (dev, admin:create) inside server/; INIT_CWD is where npm was
  // called, so a relative DATA_DIR names the same folder for every command.
  const dataDir = path.resolve(source.INIT_CWD || process.cwd(), env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...env,
    DATA_DIR: dataDir,
    // Never the request's Host header: anyone can send one, and a reset link must not point elsewhere.
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
