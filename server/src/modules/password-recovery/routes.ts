import type { FastifyInstance } from 'fastify';
import { forgotPasswordSchema, resetPasswordSchema, type ForgotPasswordResponse } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/parse.ts';
import { consumeAttempt } from '../rate-limit/service.ts';
import { RESET_REQUESTED, requestPasswordReset, resetPassword } from './service.ts';

export function passwordRecoveryRoutes(app: FastifyInstance, { db, env, mailer }: AppContext): void {
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS;

  app.post('/forgot-password', async (request): Promise<ForgotPasswordResponse> => {
    const { email } = parseInput(forgotPasswordSchema, request.body);
    await consumeAttempt(db, [
      { key: `forgot:ip:${request.ip}`, max: env.AUTH_RATE_LIMIT_PER_IP, windowSeconds: window },
      {
        key: `forgot:account:${email.toLowerCase()}`,
        max: Math.min(5, env.AUTH_RATE_LIMIT_PER_ACCOUNT),
        windowSeconds: window,
      },
    ]);
    const issued = await requestPasswordReset(db, mailer, { email, publicUrl: env.PUBLIC_URL });
    // Not awaited: an existing account must not answer slower than a missing one.
    issued?.send.catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
    if (issued && env.RESET_TOKEN_IN_RESPONSE) return { message: RESET_REQUESTED, token: issued.token };
    return { message: RESET_REQUESTED };
  });

  app.post('/reset-password', async (request) => {
    const input = parseInput(resetPasswordSchema, request.body);
    await consumeAttempt(db, [
      { key: `reset:ip:${request.ip}`, max: env.AUTH_RATE_LIMIT_PER_IP, windowSeconds: window },
    ]);
    await resetPassword(db, input);
    return { message: 'Your password has been reset. Sign in with the new password.' };
  });
}
