import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';

/** A marketplace notice; sent after the change is stored, never failing the call. */
export function sendNotice(
  deps: { mailer: Mailer; log: FastifyBaseLogger },
  to: string,
  subject: string,
  text: string,
): void {
  deps.mailer
    .send({ to, subject: `GradeLens: ${subject}`, text })
    .catch((error: unknown) => deps.log.error({ err: error, subject }, 'marketplace mail failed'));
}
