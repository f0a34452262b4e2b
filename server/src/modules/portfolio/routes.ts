import type { FastifyInstance } from 'fastify';
import { portfolioDownloadSchema } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/parse.ts';
import { currentUser, signedIn } from '../../http/session.ts';
import { listUserGradings } from '../gradings/service.ts';
import { renderPortfolio } from './pdf.ts';

export function portfolioRoutes(app: FastifyInstance, { db, images }: AppContext): void {
  app.post('/portfolio/download', { preHandler: signedIn }, async (request, reply) => {
    const { cards } = parseInput(portfolioDownloadSchema, request.body);
    const user = currentUser(request);
    // Only the signed-in user's own gradings, whatever the body claims.
    const own = await listUserGradings(db, user.id);
    const wanted = cards ? new Set(cards.map((c) => c.id)) : null;
    const chosen = wanted ? own.filter((g) => wanted.has(g.id)) : own;
    const pdf = await renderPortfolio(chosen, { userName: user.username, images });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${user.username}_Portfolio.pdf"`)
      .send(pdf);
  });
}
