import type { FastifyInstance } from 'fastify';
import { adminPageQuerySchema, manualPaymentSchema, rejectPaymentSchema } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { idParams, parseInput } from '../../http/parse.ts';
import { adminOnly, currentUser, signedIn } from '../../http/session.ts';
import { consumeAttempt } from '../rate-limit/service.ts';
import { userLimits } from '../rate-limit/user-limits.ts';
import { assertOfferedMethod, packagesFor, paymentAccounts } from './catalogue.ts';
import { presentMyPayment, presentPendingPayment } from './presenter.ts';
import { decidePayment, listPendingPayments, listUserPayments, submitPayment } from './service.ts';

export function paymentRoutes(app: FastifyInstance, { db, env }: AppContext): void {
  app.get('/payment/accounts', async () => paymentAccounts(env));

  app.post('/manual-payment', { preHandler: signedIn }, async (request, reply) => {
    const input = parseInput(manualPaymentSchema, request.body);
    assertOfferedMethod(env, input.paymentMethod, 'Buying points');
    const user = currentUser(request);
    // Counted after parsing, so a form the schema refuses costs nothing.
    await consumeAttempt(db, [userLimits.payment(env, user.id)]);
    const answer = await submitPayment(db, user.id, input, packagesFor(env));
    return reply.status(201).send(answer);
  });

  app.get('/my/manual-payments', { preHandler: signedIn }, async (request) =>
    (await listUserPayments(db, currentUser(request).id)).map(presentMyPayment),
  );

  app.get('/admin/manual-payments/pending', { preHandler: adminOnly }, async (request) => {
    const page = parseInput(adminPageQuerySchema, request.query);
    const { rows, total } = await listPendingPayments(db, page);
    return { items: rows.map(presentPendingPayment), total, page: page.page, pageSize: page.pageSize };
  });

  app.post('/admin/manual-payments/:id/approve', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { payment, newBalance } = await decidePayment(db, {
      paymentId: id,
      adminId: currentUser(request).id,
      decision: 'approved',
    });
    return { ...presentMyPayment(payment), userId: payment.userId, newBalance };
  });

  app.post('/admin/manual-payments/:id/reject', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { notes } = parseInput(rejectPaymentSchema, request.body);
    const { payment } = await decidePayment(db, {
      paymentId: id,
      adminId: currentUser(request).id,
      decision: 'rejected',
      notes,
    });
    return { ...presentMyPayment(payment), userId: payment.userId };
  });
}
