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

/** SMTP through SMTP_URL; without it, mail is written to the log so local set-ups still work. */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        options.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'outgoing mail (no SMTP_URL set)');
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
