import type { FastifyInstance } from 'fastify';
import { portfolioDownloadSchema } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import type { cardGradings } from '../../db/schema.ts';
import { parseInput } from '../../http/parse.ts';
import { currentUser, signedIn } from '../../http/session.ts';
import { correctedIds, listUserGradings } from '../gradings/service.ts';
import { renderPortfolio } from './pdf.ts';

type GradingRow = typeof cardGradings.$inferSelect;

export function portfolioRoutes(app: FastifyInstance, { db, images }: AppContext): void {
  app.post('/portfolio/download', { preHandler: signedIn }, async (request, reply) => {
    const { cards } = parseInput(portfolioDownloadSchema, request.body);
    const user = currentUser(request);
    // Only the signed-in user's own gradings, whatever the body claims, in the order the page sent.
    const own = await listUserGradings(db, user.id);
    const chosen = cards
      ? pickInOrder(
          own,
          cards.map((c) => c.id),
        )
      : own;
    const corrected = await correctedIds(
      db,
      chosen.map((c) => c.id),
    );
    const pdf = await renderPortfolio(chosen, { userName: user.username, images, corrected });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${user.username}_Portfolio.pdf"`)
      .send(pdf);
  });
}

/** The rows with these ids, in the ids' order; unknown ids and repeats are skipped. */
function pickInOrder(rows: GradingRow[], ids: number[]): GradingRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}
