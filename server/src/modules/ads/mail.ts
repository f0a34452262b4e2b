import { formatDollars } from '@gradelens/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { PayoutRow } from './payouts.ts';

const METHOD_NAMES: Record<string, string> = { venmo: 'Venmo', cashapp: 'Cash App', paypal: 'PayPal' };

/**
 * The owner's mail when an admin pays or rejects their payout request. Sent after the change is
 * stored and not awaited: a slow or failing mail server must not undo or fail what was done.
 */
export function mailPayoutDecision(
  deps: { mailer: Mailer; log: FastifyBaseLogger; publicUrl: string },
  owner: { username: string; email: string },
  payout: PayoutRow,
): void {
  const amount = formatDollars(payout.amount);
  const where = `${METHOD_NAMES[payout.paymentMethod ?? ''] ?? payout.paymentMethod} ${payout.account ?? ''}`.trim();
  const link = `${deps.publicUrl}/profile`;
  const [subject, body] =
    payout.status === 'paid'
      ? [
          `your ad earnings payout of ${amount} was sent`,
          [
            `We sent your payout of ${amount} to ${where}.`,
            `Payment reference: ${payout.paymentReference ?? ''}`,
            '',
            `Your earnings are in your profile, under Earnings: ${link}`,
          ],
        ]
      : [
          `your ad earnings payout of ${amount} was not sent`,
          [
            `We did not send your payout of ${amount} to ${where}: ${payout.note ?? ''}`,
            '',
            `The amount is back in your balance: you can ask again from your profile, under Earnings: ${link}`,
          ],
        ];
  deps.mailer
    .send({
      to: owner.email,
      subject: `GradeLens: ${subject}`,
      text: [`Hello ${owner.username},`, '', ...body].join('\n'),
    })
    .catch((error: unknown) =>
      deps.log.error({ err: error, payoutId: payout.id, status: payout.status }, 'payout mail failed'),
    );
}
