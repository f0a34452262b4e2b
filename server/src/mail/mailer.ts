import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Waits before the second and third attempt at a mail the server could not take for now. */
const RETRY_DELAYS_MS = [2_000, 15_000];

/**
 * A failure worth another attempt: the connection failed or timed out, or the server answered
 * 4xx ("try again later"). A 5xx answer (no such mailbox, refused) fails at once.
 */
function isTransient(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code !== 'number' || (code >= 400 && code < 500);
}

/**
 * SMTP through SMTP_URL, each mail tried up to three times where the failure is transient, so a
 * mail server that is busy for a moment does not lose a buyer's or a user's mail. Without
 * SMTP_URL no mail leaves: the log names the recipient and the subject only, since a mail's text
 * can carry a reset link that would sign anyone in.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  retryDelaysMs?: readonly number[];
}): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        options.log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail not sent: SMTP_URL is unset');
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
      for (let attempt = 0; ; attempt += 1) {
        try {
          await transport.sendMail({ from: options.from, ...mail });
          return;
        } catch (error) {
          const delay = delays[attempt];
          if (delay === undefined || !isTransient(error)) throw error;
          options.log.warn({ err: error, to: mail.to, attempt: attempt + 1 }, 'mail failed, trying again');
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    },
  };
}
