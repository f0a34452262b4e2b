import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IN_PERSON_MAX_CARDS,
  adminInPersonQuerySchema,
  inPersonGradeSchema,
  inPersonMoveSchema,
  inPersonSubmissionSchema,
  type InPersonCreated,
  type InPersonPage,
  type InPersonSubmission,
} from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { idParams, parseInput } from '../../http/parse.ts';
import { adminOnly, currentUser, signedIn } from '../../http/session.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { statusTimeline } from '../audit/status-changes.ts';
import { presentGrading } from '../gradings/presenter.ts';
import { consumeAttempt, type Limit } from '../rate-limit/service.ts';
import { gradableCard, gradeSubmissionCard, readGradeForm } from './grade.ts';
import { confirmationMail, statusMail } from './mails.ts';
import { pricesInCents, servicesFor } from './prices.ts';
import { presentSubmission, presentSummary } from './presenter.ts';
import {
  accountsOf,
  createSubmission,
  findVisibleSubmission,
  gradingsOf,
  listOwnSubmissions,
  listSubmissions,
  moveSubmission,
  type SubmissionRow,
} from './service.ts';

export function inPersonRoutes(app: FastifyInstance, { db, env, images, mailer }: AppContext): void {
  app.get('/in-person-submissions/services', async () => servicesFor(env));

  app.post('/in-person-submissions', async (request, reply) => {
    const data = parseInput(inPersonSubmissionSchema, request.body);
    // Counted after parsing, so a form the schema refuses costs nothing: per account when signed
    // in, per address for guests, so a script cannot fill the table.
    await consumeAttempt(db, [submissionLimit(env, request.user ? `user:${request.user.id}` : `ip:${request.ip}`)]);
    const row = await createSubmission(db, {
      data,
      userId: request.user?.id ?? null,
      pricePerCardCents: pricesInCents(env)[data.serviceType],
    });
    sendWithoutWaiting(mailer, confirmationMail(row, env.PUBLIC_URL, env.IN_PERSON_SHIP_TO ?? null), request.log);
    const created: InPersonCreated = {
      id: row.id,
      status: 'pending',
      totalCards: row.totalCards,
      totalCost: presentSummary(row).totalCost,
    };
    return reply.status(201).send(created);
  });

  app.get('/in-person-submissions', { preHandler: signedIn }, async (request) =>
    (await listOwnSubmissions(db, currentUser(request).id)).map(presentSummary),
  );

  app.get('/in-person-submissions/:id', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = currentUser(request);
    return presentWhole(db, await findVisibleSubmission(db, id, user), { admin: user.isAdmin === 1 });
  });

  app.get('/admin/in-person-submissions', { preHandler: adminOnly }, async (request): Promise<InPersonPage> => {
    const query = parseInput(adminInPersonQuerySchema, request.query);
    const { rows, total } = await listSubmissions(db, query);
    const [gradings, accounts] = await Promise.all([
      gradingsOf(
        db,
        rows.map((row) => row.id),
      ),
      accountsOf(db, rows),
    ]);
    return {
      items: rows.map((row) => presentSubmission(row, { gradings, accounts })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  app.patch('/admin/in-person-submissions/:id', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const move = parseInput(inPersonMoveSchema, request.body);
    const { row } = await moveSubmission(db, {
      id,
      to: move.status,
      trackingNumber: move.trackingNumber,
      notes: move.notes,
      actorId: currentUser(request).id,
    });
    sendWithoutWaiting(mailer, statusMail(row, env.PUBLIC_URL), request.log);
    return presentWhole(db, row, { admin: true });
  });

  app.post('/admin/in-person-submissions/:id/cards/:index/grade', { preHandler: adminOnly }, async (request, reply) => {
    const { id, index } = parseInput(cardParams, request.params);
    // Refusals come before the photos are read: Node discards the unread body.
    const { submission, card } = await gradableCard(db, id, index);
    const form = await readGradeForm(request);
    const grades = parseInput(inPersonGradeSchema, form.fields);
    const admin = currentUser(request);
    const grading = await gradeSubmissionCard(db, images, {
      submission,
      index,
      card,
      grades,
      files: { front: form.front, back: form.back },
      adminId: admin.id,
    });
    return reply.status(201).send(presentGrading(grading, { viewer: admin }));
  });
}

const cardParams = idParams.extend({
  index: z.coerce
    .number({ error: 'The card number in the address must be a whole number from 0' })
    .int({ error: 'The card number in the address must be a whole number from 0' })
    .min(0, { error: 'The card number in the address must be a whole number from 0' })
    .max(IN_PERSON_MAX_CARDS - 1, {
      error: `The card number in the address must be at most ${IN_PERSON_MAX_CARDS - 1}`,
    }),
});

const submissionLimit = (env: AppContext['env'], who: string): Limit => ({
  key: `in-person:${who}`,
  max: env.IN_PERSON_SUBMISSIONS_PER_WINDOW,
  windowSeconds: env.USER_RATE_LIMIT_WINDOW_SECONDS,
  refusal: 'Too many grading submissions from here for now.',
});

/** The submission with its timeline and graded cards; admins also see the account that sent it. */
async function presentWhole(
  db: Database,
  row: SubmissionRow,
  options: { admin: boolean },
): Promise<InPersonSubmission> {
  const [gradings, timeline, accounts] = await Promise.all([
    gradingsOf(db, [row.id]),
    statusTimeline(db, 'in_person_submission', row.id),
    options.admin ? accountsOf(db, [row]) : undefined,
  ]);
  return presentSubmission(row, { gradings, timeline, accounts });
}

/** The submission or move stands whatever the mail server does: a failure is logged, never answered. */
function sendWithoutWaiting(mailer: Mailer, mail: OutgoingMail, log: FastifyBaseLogger): void {
  // The async wrapper turns a mailer that throws at once into a rejection, caught like any other.
  void (async () => mailer.send(mail))().catch((error: unknown) =>
    log.error({ err: error }, 'in-person submission mail failed'),
  );
}
