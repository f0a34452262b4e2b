import type { Env } from '../../env.ts';
import type { Limit } from './service.ts';

type Settings = Pick<
  Env,
  'USER_RATE_LIMIT_WINDOW_SECONDS' | 'UPLOADS_PER_USER' | 'ANALYSES_PER_USER' | 'PAYMENTS_PER_USER'
>;

/**
 * Per-user limits on the calls that cost the server real work (decoding photos, running the
 * engine) or cost an admin time (payments to check), all counted in one window.
 */
export const userLimits = {
  upload: (env: Settings, userId: number): Limit => ({
    key: `upload:user:${userId}`,
    max: env.UPLOADS_PER_USER,
    windowSeconds: env.USER_RATE_LIMIT_WINDOW_SECONDS,
    refusal: 'You have uploaded too many cards for now.',
  }),
  analyze: (env: Settings, userId: number): Limit => ({
    key: `analyze:user:${userId}`,
    max: env.ANALYSES_PER_USER,
    windowSeconds: env.USER_RATE_LIMIT_WINDOW_SECONDS,
    refusal: 'You have asked for too many gradings for now.',
  }),
  /** The outline check runs the card finder: twice the gradings' allowance, for retakes. */
  detect: (env: Settings, userId: number): Limit => ({
    key: `detect:user:${userId}`,
    max: env.ANALYSES_PER_USER * 2,
    windowSeconds: env.USER_RATE_LIMIT_WINDOW_SECONDS,
    refusal: 'You have asked for too many card outlines for now.',
  }),
  payment: (env: Settings, userId: number): Limit => ({
    key: `payment:user:${userId}`,
    max: env.PAYMENTS_PER_USER,
    windowSeconds: env.USER_RATE_LIMIT_WINDOW_SECONDS,
    refusal: 'You have submitted too many payments for now.',
  }),
};
