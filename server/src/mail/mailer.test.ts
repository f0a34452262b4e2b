import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app.ts';
import { createUser, uniqueIp } from '../../test/support/factories.ts';
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
