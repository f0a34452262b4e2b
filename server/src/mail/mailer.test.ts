import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app.ts';
import { createUser, uniqueIp } from '../../test/support/factories.ts';
import { startSmtpCapture } from '../../test/support/smtp.ts';
import { createMailer } from './mailer.ts';

/** A logger whose lines the test reads back, as a server without SMTP_URL would write them. */
function capturedLog() {
  const lines: string[] = [];
  const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
  return { log: logger.log, lines, close: () => logger.close() };
}

describe('the mailer without SMTP_URL', () => {
  const captured = capturedLog();
  let t: TestApp;
  beforeAll(async () => {
    const mailer = createMailer({ from: 'GradeLens <no-reply@gradelens.local>', log: captured.log });
    t = await createTestApp({ RESET_TOKEN_IN_RESPONSE: 'true' }, undefined, { mailer });
  });
  afterAll(async () => {
    await t.close();
    await captured.close();
  });

  it('logs the recipient and the subject of a reset mail, never its token or link', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      remoteAddress: uniqueIp(),
      payload: { email: user.email },
    });
    const token: string = response.json().token;
    expect(token).toEqual(expect.any(String));

    const log = captured.lines.join('');
    expect(log).toContain(user.email);
    expect(log).toContain('Reset your GradeLens password');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain('forgot-password?token=');
  });
});

describe('the mailer with SMTP_URL', () => {
  const captured = capturedLog();
  afterAll(() => captured.close());
  const mail = { to: 'buyer@example.com', subject: 'Order #2 has shipped', text: 'On its way.' };

  it('tries a mail again when the server is busy for a moment, and delivers it once', async () => {
    const smtp = await startSmtpCapture({ busy: { count: 2, code: 421 } });
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'a@b.c', log: captured.log, retryDelaysMs: [20, 20] });
    await mailer.send(mail);
    expect(smtp.attempts()).toBe(3);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.raw).toContain('Order #2 has shipped');
    await smtp.close();
  });

  it('gives up after three attempts, and at once on a permanent refusal', async () => {
    const busy = await startSmtpCapture({ busy: { count: 5, code: 451 } });
    const retrying = createMailer({ smtpUrl: busy.url, from: 'a@b.c', log: captured.log, retryDelaysMs: [20, 20] });
    await expect(retrying.send(mail)).rejects.toThrow();
    expect(busy.attempts()).toBe(3);
    await busy.close();

    const refusing = await startSmtpCapture({ busy: { count: 5, code: 554 } });
    const once = createMailer({ smtpUrl: refusing.url, from: 'a@b.c', log: captured.log, retryDelaysMs: [20, 20] });
    await expect(once.send(mail)).rejects.toThrow();
    expect(refusing.attempts()).toBe(1);
    await refusing.close();
  });
});
