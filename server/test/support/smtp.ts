import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps every message it receives (or, with `refuse`, refuses
 * every recipient; with `busy`, answers the first `busy.count` messages with `busy.code`).
 */
export async function startSmtpCapture(
  options: { refuse?: boolean; busy?: { count: number; code: number } } = {},
): Promise<{
  url: string;
  mails: CapturedMail[];
  /** Messages offered so far, kept or answered busy. */
  attempts(): number;
  waitFor(to: string): Promise<CapturedMail>;
  close(): Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(options.refuse ? Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        attempts += 1;
        if (options.busy && attempts <= options.busy.count) {
          callback(Object.assign(new Error('try again later'), { responseCode: options.busy.code }));
          return;
        }
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    attempts: () => attempts,
    async waitFor(to) {
      for (let i = 0; i < 200; i += 1) {
        const mail = mails.find((m) => m.to.includes(to));
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${to} arrived`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The texts of the mails to `to` that contain `text`, once at least `count` have arrived. */
export async function mailsWith(mails: CapturedMail[], to: string, text: string, count = 1): Promise<string[]> {
  for (let i = 0; i < 200; i += 1) {
    const found = mails
      .filter((m) => m.to.includes(to))
      .map(textOf)
      .filter((t) => t.includes(text));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail to ${to} containing '${text}' arrived`);
}

/** A captured mail's recipients, subject and body text (quoted-printable undone, lines ending in \n). */
export function parseMail(mail: CapturedMail): { to: string[]; subject: string; text: string } {
  const decoded = textOf(mail).replace(/\r\n/g, '\n');
  const split = decoded.indexOf('\n\n');
  const headers = decoded.slice(0, split);
  return {
    to: mail.to,
    subject: /^Subject: (.*(?:\n[ \t].*)*)$/m.exec(headers)?.[1]?.replace(/\n[ \t]/g, ' ') ?? '',
    text: decoded.slice(split + 2).trimEnd(),
  };
}

/** The mail's text with quoted-printable encoding undone. */
export function textOf(mail: CapturedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The token of the reset link in a captured mail. */
export function resetTokenFrom(mail: CapturedMail): string {
  const match = textOf(mail).match(/forgot-password\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return decodeURIComponent(match[1]);
}
