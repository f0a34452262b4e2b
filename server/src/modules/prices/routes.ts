import type { FastifyInstance } from 'fastify';
import { cardPriceQuerySchema } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/parse.ts';
import { cardPrice } from './service.ts';

export function priceRoutes(app: FastifyInstance, { db, prices }: AppContext): void {
  app.get('/card-price', async (request) => {
    const query = parseInput(cardPriceQuerySchema, request.query);
    return cardPrice(db, prices, query, request.log);
  });
}
