import type { FastifyInstance } from 'fastify';
import { CARD_PRICE_RATE_LIMIT, cardPriceQuerySchema } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/parse.ts';
import { consumeAttempt } from '../rate-limit/service.ts';
import { cardPrice } from './service.ts';

export function priceRoutes(app: FastifyInstance, { db, prices }: AppContext): void {
  // Open to guests, so limited per address: each miss in the cache spends the provider's quota.
  app.get('/card-price', async (request) => {
    await consumeAttempt(db, [
      {
        key: `card-price:ip:${request.ip}`,
        max: CARD_PRICE_RATE_LIMIT.perIp,
        windowSeconds: CARD_PRICE_RATE_LIMIT.windowSeconds,
      },
    ]);
    const query = parseInput(cardPriceQuerySchema, request.query);
    return cardPrice(db, prices, query, request.log);
  });
}
