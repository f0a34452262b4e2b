import type { FastifyInstance } from 'fastify';
import { loginSchema, registerSchema } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/parse.ts';
import { currentUser, endSession, signedIn, startSession } from '../../http/session.ts';
import { consumeAttempt, type Limit } from '../rate-limit/service.ts';
import { currentUserSchema, presentCurrentUser } from './presenter.ts';
import { registerUser, signIn } from './service.ts';

export function accountRoutes(app: FastifyInstance, { db, env }: AppContext): void {
  const perAddress = (action: string, ip: string): Limit => ({
    key: `${action}:ip:${ip}`,
    max: env.AUTH_RATE_LIMIT_PER_IP,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  });

  app.get('/user', { preHandler: signedIn, schema: { response: { 200: currentUserSchema } } }, async (request) =>
    presentCurrentUser(currentUser(request)),
  );

  app.get('/user/points', { preHandler: signedIn }, async (request) => ({ points: currentUser(request).points }));

  app.post('/register', async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    await consumeAttempt(db, [
      perAddress('register', request.ip),
      {
        key: `register:account:${input.username.toLowerCase()}`,
        max: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
        windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      },
    ]);
    const user = await registerUser(db, input);
    await startSession(db, env, request, reply, user.id);
    return reply.status(201).send(presentCurrentUser(user));
  });

  app.post('/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    await consumeAttempt(db, [perAddress('login', request.ip)]);
    const user = await signIn(db, input, request.ip, env);
    await startSession(db, env, request, reply, user.id);
    return presentCurrentUser(user);
  });

  app.post('/logout', async (request, reply) => {
    await endSession(db, request, reply);
    return reply.status(204).send();
  });
}
