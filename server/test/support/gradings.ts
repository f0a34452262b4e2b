import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { cardGradings } from '../../src/db/schema.ts';
import { jpegOf, multipart } from './images.ts';

/** Uploads two real photos through the API and answers the new grading id. */
export async function uploadCard(app: FastifyInstance, cookie: string, photos?: { front: Buffer; back: Buffer }): Promise<number> {
  const front = photos?.front ?? (await jpegOf(250, 350));
  const back = photos?.back ?? (await jpegOf(250, 350));
  const body = multipart({
    frontImage: { data: front, filename: 'front.jpg', type: 'image/jpeg' },
    backImage: { data: back, filename: 'back.jpg', type: 'image/jpeg' },
  });
  const response = await app.inject({ method: 'POST', url: '/api/card-gradings/upload', headers: { cookie, ...body.headers }, payload: body.payload });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** Gives a grading grades directly, for tests about what happens after grading. */
export async function markGraded(db: Database, id: number, grades: Partial<typeof cardGradings.$inferInsert> = {}): Promise<void> {
  await db
    .update(cardGradings)
    .set({
      cardName: 'Charizard',
      cardSet: 'Base Set',
      cardNumber: '4/102',
      gameBrand: 'Pokemon',
      year: '1999',
      overallGrade: 8,
      cornerGrade: 8,
      edgeGrade: 9,
      surfaceGrade: 9,
      centeringGrade: 8,
      gradingMethod: 'test',
      gradedAt: new Date(),
      ...grades,
    })
    .where(eq(cardGradings.id, id));
}
