import type { FastifyInstance } from 'fastify';
import { cardDetailsSchema, galleryQuerySchema, shareSchema, type GalleryPage } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { idParams, parseInput } from '../../http/parse.ts';
import { currentUser, signedIn } from '../../http/session.ts';
import { consumeAttempt } from '../rate-limit/service.ts';
import { userLimits } from '../rate-limit/user-limits.ts';
import { analyzeGrading } from './analyze.ts';
import { deleteDraft, ensureDraftRoom } from './drafts.ts';
import { certificateNumber, renderLabel } from './label.ts';
import { presentGrading } from './presenter.ts';
import {
  createGrading,
  findOwnGrading,
  findVisibleGrading,
  listGallery,
  listUserGradings,
  setShared,
  updateDetails,
} from './service.ts';
import { readCardImages } from './uploads.ts';

export function gradingRoutes(app: FastifyInstance, { db, env, images, grader }: AppContext): void {
  app.post('/card-gradings/upload', async (request, reply) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to upload cards');
    const userId = request.user.id;
    // Both refusals come before the photos are read: Node discards the unread body.
    await consumeAttempt(db, [userLimits.upload(env, userId)]);
    await ensureDraftRoom(db, userId, env.DRAFTS_PER_USER);
    const files = await readCardImages(request);
    const grading = await createGrading(db, images, userId, files, env.DRAFTS_PER_USER);
    return reply.status(201).send({ id: grading.id });
  });

  app.delete('/card-gradings/:id', { preHandler: signedIn }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const grading = await findOwnGrading(db, id, currentUser(request));
    await deleteDraft(db, images, grading, request.log);
    return reply.status(204).send();
  });

  app.patch('/card-gradings/:id/metadata', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const details = parseInput(cardDetailsSchema, request.body);
    const user = currentUser(request);
    const grading = await findOwnGrading(db, id, user);
    return presentGrading(await updateDetails(db, grading, details), { viewer: user });
  });

  app.post('/card-gradings/:id/analyze', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = currentUser(request);
    await consumeAttempt(db, [userLimits.analyze(env, user.id)]);
    const grading = await findOwnGrading(db, id, user);
    if (!grader) {
      throw new AppError('BUSY', 'Grading is not available on this server right now. Try again later.', { headers: { 'retry-after': '60' } });
    }
    const result = await analyzeGrading(db, { grader, images, log: request.log }, user, grading);
    return { ...presentGrading(result.grading, { viewer: user, withAnalysis: true }), aiPowered: result.grading.mlPowered === 1, charged: result.charged, balance: result.balance };
  });

  app.get('/card-gradings/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return presentGrading(await findVisibleGrading(db, id, request.user), { viewer: request.user, withAnalysis: true });
  });

  app.get('/my/card-gradings', { preHandler: signedIn }, async (request) => {
    const user = currentUser(request);
    return (await listUserGradings(db, user.id)).map((row) => presentGrading(row, { viewer: user }));
  });

  app.patch('/card-gradings/:id/share', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { shared } = parseInput(shareSchema, request.body);
    const user = currentUser(request);
    const grading = await findOwnGrading(db, id, user);
    if (shared && grading.overallGrade === null) {
      throw new AppError('CONFLICT', 'Grade the card before sharing it.');
    }
    return presentGrading(await setShared(db, grading, shared), { viewer: user, withAnalysis: true });
  });

  app.get('/gallery', async (request): Promise<GalleryPage> => {
    const { page, pageSize } = parseInput(galleryQuerySchema, request.query);
    const { rows, total } = await listGallery(db, page, pageSize);
    // One answer for everyone, admins and owners included: names, never account ids.
    return { items: rows.map((r) => presentGrading(r.grading, { ownerName: r.ownerName })), total, page, pageSize };
  });

  app.get('/card-gradings/:id/label', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const grading = await findVisibleGrading(db, id, request.user);
    const pdf = await renderLabel(grading, { images, galleryUrl: `${env.PUBLIC_URL}/gallery/${grading.id}` });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${certificateNumber(grading.id)}.pdf"`)
      .send(pdf);
  });
}
