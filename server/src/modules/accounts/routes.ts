import type { FastifyInstance } from 'fastify';
import { loginSchema, registerSchema } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/parse.ts';
import { currentUser, endSession, signedIn, startSession } from '../../http/session.ts';
import { consumeAttempt, resetAttempts, type Limit } from '../rate-limit/service.ts';
import { presentCurrentUser } from './presenter.ts';
import { authenticate, findAccount, registerUser } from './service.ts';

export function accountRoutes(app: FastifyInstance, { db, env }: AppContext): void {
  const limits = (action: string, ip: string, account: string): Limit[] => [
    { key: `${action}:ip:${ip}`, max: env.AUTH_RATE_LIMIT_PER_IP, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    {
      key: `${action}:account:${account}`,
      max: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
  ];

  app.get('/user', { preHandler: signedIn }, async (request) => presentCurrentUser(currentUser(request)));

  app.get('/user/points', { preHandler: signedIn }, async (request) => ({ points: currentUser(request).points }));

  app.post('/register', async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    await consumeAttempt(db, limits('register', request.ip, input.username.toLowerCase()));
    const user = await registerUser(db, input);
    await startSession(db, env, request, reply, user.id);
    return reply.status(201).send(presentCurrentUser(user));
  });

  app.post('/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const account = await findAccount(db, input.emailOrUsername);
    // Counted per account, not per typed text: its username and its email share one limit.
    const accountKey = account ? `user:${account.id}` : `name:${input.emailOrUsername.toLowerCase()}`;
    const attemptLimits = limits('login', request.ip, accountKey);
    await consumeAttempt(db, attemptLimits);
    const user = await authenticate(account, input.password);
    await resetAttempts(db, attemptLimits[1]!.key);
    await startSession(db, env, request, reply, user.id);
    return presentCurrentUser(user);
  });

  app.post('/logout', async (request, reply) => {
    await endSession(db, request, reply);
    return reply.status(204).send();
  });
}
