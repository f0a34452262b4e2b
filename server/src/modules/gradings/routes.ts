import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  analyzeHintsSchema,
  cardDetailsSchema,
  centeringLinesSchema,
  galleryQuerySchema,
  myGradingsQuerySchema,
  shareSchema,
  withYearAlias,
  type GalleryPage,
  type GradingListPage,
} from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { idParams, parseInput } from '../../http/parse.ts';
import { currentUser, signedIn } from '../../http/session.ts';
import { consumeAttempt } from '../rate-limit/service.ts';
import { userLimits } from '../rate-limit/user-limits.ts';
import { analyzeGrading } from './analyze.ts';
import { findCertified, certificateNumber, presentCertificate } from './certificate.ts';
import { setCenteringLines } from './centering.ts';
import { deleteDraft, ensureDraftRoom } from './drafts.ts';
import { renderLabel } from './label.ts';
import { checkHints, detectOutlines } from './outline.ts';
import { readRetakenImages, replacePhotos } from './retake.ts';
import { listMyGradings } from './my-gradings.ts';
import { gradingJson, readVisibleGrading } from './one-grading.ts';
import { presentGrading } from './presenter.ts';
import { gradingListPageSchema, gradingSchema } from './response-schemas.ts';
import {
  createGrading,
  findOwnGrading,
  findVisibleGrading,
  latestCorrection,
  listGallery,
  setCertificatePhoto,
  setShared,
  updateDetails,
} from './service.ts';
import { readCardImages } from './uploads.ts';

export function gradingRoutes(app: FastifyInstance, { db, env, images, grader, gradingQueue }: AppContext): void {
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
    const details = parseInput(cardDetailsSchema, withYearAlias(request.body));
    const user = currentUser(request);
    const grading = await findOwnGrading(db, id, user);
    return presentGrading(await updateDetails(db, grading, details), { viewer: user });
  });

  const noGrader = () =>
    new AppError('BUSY', 'Grading is not available on this server right now. Try again later.', {
      headers: { 'retry-after': '60' },
    });

  // The outline check before paying: the card finder on both photos, free.
  app.post('/card-gradings/:id/detect', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = currentUser(request);
    await consumeAttempt(db, [userLimits.detect(env, user.id)]);
    const grading = await findOwnGrading(db, id, user);
    if (!grader) throw noGrader();
    return detectOutlines(grader, images, grading);
  });

  app.post('/card-gradings/:id/analyze', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const hints = parseInput(analyzeHintsSchema, request.body ?? {});
    const user = currentUser(request);
    await consumeAttempt(db, [userLimits.analyze(env, user.id)]);
    const grading = await findOwnGrading(db, id, user);
    if (!grader) throw noGrader();
    if (!grading.gradedAt) await checkHints(images, grading, hints);
    const deps = { grader, images, log: request.log, queue: gradingQueue };
    const result = await analyzeGrading(db, deps, user, grading, hints);
    return {
      ...presentGrading(result.grading, { viewer: user, withAnalysis: true }),
      aiPowered: result.grading.mlPowered === 1,
      charged: result.charged,
      balance: result.balance,
    };
  });

  // What the analysis screen follows while the analyze call runs.
  app.get('/card-gradings/:id/progress', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const grading = await findOwnGrading(db, id, currentUser(request));
    return {
      stage: grading.gradedAt ? 'done' : grading.analysisStartedAt ? (grading.analysisStage ?? 'queued') : null,
      graded: grading.gradedAt !== null,
      rejection: grading.gradedAt ? null : (grading.rejection ?? null),
    };
  });

  app.post('/card-gradings/:id/photos', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = currentUser(request);
    await consumeAttempt(db, [userLimits.upload(env, user.id)]);
    const grading = await findOwnGrading(db, id, user);
    const files = await readRetakenImages(request);
    return presentGrading(await replacePhotos(db, images, grading, files, request.log), {
      viewer: user,
      withAnalysis: true,
    });
  });

  app.patch('/card-gradings/:id/centering', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const lines = parseInput(centeringLinesSchema, request.body);
    const user = currentUser(request);
    const grading = await findOwnGrading(db, id, user);
    return presentGrading(await setCenteringLines(db, grading, lines), { viewer: user, withAnalysis: true });
  });

  app.patch('/card-gradings/:id/certificate', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { showPhoto } = parseInput(certificateSettingsSchema, request.body);
    const user = currentUser(request);
    const grading = await findOwnGrading(db, id, user);
    return presentGrading(await setCertificatePhoto(db, grading, showPhoto), { viewer: user, withAnalysis: true });
  });

  app.get<{ Params: { number: string } }>('/certificates/:number', async (request) => {
    await consumeAttempt(db, [certificateLookups(request.ip)]);
    return presentCertificate(db, await findCertified(db, request.params.number), request.user?.id ?? null);
  });

  app.get<{ Params: { number: string } }>('/certificates/:number/photo', async (request, reply) => {
    await consumeAttempt(db, [certificateLookups(request.ip)]);
    const grading = await findCertified(db, request.params.number);
    const file =
      grading.certPhotoHidden === 0 && grading.frontThumbPath
        ? await images.open(grading.frontThumbPath.split('/').pop() ?? '')
        : null;
    if (!file) throw notFound('That photo');
    return reply
      .header('cache-control', 'no-cache')
      .type(file.mimeType)
      .header('content-length', file.size)
      .send(file.body);
  });

  app.get('/card-gradings/:id', { schema: { response: { 200: gradingSchema } } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const read = await readVisibleGrading(db, id, request.user);
    return reply
      .type('application/json; charset=utf-8')
      .send(gradingJson((answer) => reply.serializeInput(answer, '200') as string, read, request.user));
  });

  app.get(
    '/my/card-gradings',
    { preHandler: signedIn, schema: { response: { 200: gradingListPageSchema } } },
    async (request): Promise<GradingListPage> =>
      listMyGradings(db, currentUser(request).id, parseInput(myGradingsQuerySchema, request.query)),
  );

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
    const pdf = await renderLabel(grading, {
      images,
      certificateUrl: `${env.PUBLIC_URL}/cert/${certificateNumber(grading)}`,
      corrected: (await latestCorrection(db, grading.id)) !== null,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${certificateNumber(grading)}.pdf"`)
      .send(pdf);
  });
}

const certificateSettingsSchema = z
  .object({ showPhoto: z.boolean({ error: 'showPhoto must be true or false' }) })
  .strict();

/** Certificate look-ups per address: enough for a card show's queue, too few to walk the codes. */
const certificateLookups = (ip: string) => ({
  key: `certificate:ip:${ip}`,
  max: 120,
  windowSeconds: 60,
  refusal: 'Too many certificate look-ups from this address for now.',
});
