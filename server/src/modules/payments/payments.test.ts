import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PACKAGES, centsPerPoint } from '@gradelens/shared';
import { pointsLedger, users } from '../../db/schema.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { unique } from '../../../test/support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const submit = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/manual-payment', headers: cookie ? { cookie } : {}, payload });
const decide = (cookie: string | undefined, id: number, decision: 'approve' | 'reject', payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/manual-payments/${id}/${decision}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const balance = async (id: number) =>
  (await t.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0]?.points;

async function pendingPayment(cookie: string, packageId = 'standard') {
  const response = await submit(cookie, { packageId, paymentMethod: 'venmo', transactionId: unique('txn') });
  expect(response.statusCode).toBe(201);
  return response.json().paymentId as number;
}

describe('GET /api/payment/accounts', () => {
  it('lists the receiving accounts and the spec packages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payment/accounts' });
    const body = response.json();
    expect(Object.keys(body.accounts)).toEqual(['venmo', 'cashapp', 'paypal']);
    expect(body.packages).toEqual({
      basic: { name: 'Basic', points: 100, price: 5 },
      standard: { name: 'Standard', points: 250, price: 10 },
      premium: { name: 'Premium', points: 500, price: 20 },
      ultimate: { name: 'Ultimate', points: 1000, price: 40 },
    });
    expect(DEFAULT_PACKAGES.map(centsPerPoint)).toEqual([5, 4, 4, 4]);
  });

  it('takes its packages and accounts from settings when given', async () => {
    const custom = await createTestApp(
      {
        POINTS_PACKAGES: JSON.stringify([{ id: 'mini', name: 'Mini', points: 30, price: 2 }]),
        PAYMENT_ACCOUNT_VENMO: '@card-shop',
      },
      t.database,
    );
    try {
      const body = (await custom.app.inject({ method: 'GET', url: '/api/payment/accounts' })).json();
      expect(body.packages).toEqual({ mini: { name: 'Mini', points: 30, price: 2 } });
      expect(body.accounts.venmo).toBe('@card-shop');
    } finally {
      await custom.close();
    }
  });
});

describe('a site whose operator set no, or only some, payment accounts', () => {
  it('offers no purchase without accounts, and refuses a method without one, naming those it takes', async () => {
    const none = await createTestApp(
      { PAYMENT_ACCOUNT_VENMO: '', PAYMENT_ACCOUNT_CASHAPP: '', PAYMENT_ACCOUNT_PAYPAL: '' },
      t.database,
    );
    const some = await createTestApp(
      { PAYMENT_ACCOUNT_VENMO: '@card-shop', PAYMENT_ACCOUNT_CASHAPP: '', PAYMENT_ACCOUNT_PAYPAL: '' },
      t.database,
    );
    try {
      expect((await none.app.inject({ method: 'GET', url: '/api/payment/accounts' })).json().accounts).toEqual({});
      const { user } = await rolesFor(none);
      const refused = await none.app.inject({
        method: 'POST',
        url: '/api/manual-payment',
        headers: { cookie: user.cookie },
        payload: { packageId: 'basic', paymentMethod: 'venmo', transactionId: unique('V') },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Buying points is not set up on this site yet. Ask the site’s operator, or try again later.',
      );

      expect((await some.app.inject({ method: 'GET', url: '/api/payment/accounts' })).json().accounts).toEqual({
        venmo: '@card-shop',
      });
      const wrong = await some.app.inject({
        method: 'POST',
        url: '/api/manual-payment',
        headers: { cookie: user.cookie },
        payload: { packageId: 'basic', paymentMethod: 'paypal', transactionId: unique('P') },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'Payments by paypal are not taken here. Choose venmo.',
        fields: { paymentMethod: 'Choose venmo' },
      });
      expect(await balance(user.id)).toBe(20);
    } finally {
      await none.close();
      await some.close();
    }
  });
});

describe('POST /api/manual-payment', () => {
  it('records a pending payment without crediting anything, and lists it for its owner', async () => {
    const { user } = await rolesFor(t);
    const response = await submit(user.cookie, {
      packageId: 'premium',
      paymentMethod: 'paypal',
      transactionId: unique('PP'),
      userId: 999999,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'pending', pointsAdded: 0, newBalance: 20 });
    expect(response.json().message).toMatch(/once an admin has checked it/);
    expect(await balance(user.id)).toBe(20);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/my/manual-payments',
      headers: { cookie: user.cookie },
    });
    expect(mine.json()).toMatchObject([
      { id: response.json().paymentId, packageId: 'premium', pointsRequested: 500, amount: 20, status: 'pending' },
    ]);
  });

  it('refuses the same transaction id twice for one method, in any case', async () => {
    const { user, other } = await rolesFor(t);
    const transactionId = unique('dup');
    expect(
      (await submit(user.cookie, { packageId: 'basic', paymentMethod: 'cashapp', transactionId })).statusCode,
    ).toBe(201);
    const again = await submit(other.cookie, {
      packageId: 'basic',
      paymentMethod: 'cashapp',
      transactionId: transactionId.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been submitted/);
    const otherMethod = await submit(user.cookie, { packageId: 'basic', paymentMethod: 'venmo', transactionId });
    expect(otherMethod.statusCode).toBe(201);
  });

  it('records the id as upper-case letters and digits, and shows that value to its owner', async () => {
    const { user } = await rolesFor(t);
    const digits = String(Date.now()).slice(-9);
    const response = await submit(user.cookie, {
      packageId: 'basic',
      paymentMethod: 'paypal',
      transactionId: ` pp-${digits} # `,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().transactionId).toBe(`PP${digits}`);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/my/manual-payments',
      headers: { cookie: user.cookie },
    });
    expect(mine.json()[0]).toMatchObject({ id: response.json().paymentId, transactionId: `PP${digits}` });
  });

  it.each([
    ['a zero-width space', (id: string) => `${id.slice(0, 4)}\u200B${id.slice(4)}`],
    ['a zero-width joiner and a soft hyphen', (id: string) => `\u200D${id.slice(0, 3)}\u00AD${id.slice(3)}`],
    [
      'full-width characters',
      (id: string) => id.replace(/[0-9A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
    ],
    ['other case', (id: string) => id.toLowerCase()],
    ['spaces and dashes', (id: string) => `${id.slice(0, 4)} - ${id.slice(4)} `],
  ])('refuses with 409 the same id written with %s, for the same method', async (_case, variant) => {
    const { user, other } = await rolesFor(t);
    const transactionId = `TX${randomBytes(6).toString('hex').toUpperCase()}`;
    expect((await submit(user.cookie, { packageId: 'basic', paymentMethod: 'venmo', transactionId })).statusCode).toBe(
      201,
    );
    const again = await submit(other.cookie, {
      packageId: 'basic',
      paymentMethod: 'venmo',
      transactionId: variant(transactionId),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `That venmo transaction ID (${transactionId}) has already been submitted. Check the reference and try again.`,
    );
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/my/manual-payments',
      headers: { cookie: other.cookie },
    });
    expect(mine.json()).toEqual([]);
  });

  it('refuses letters from another script that look Latin, saying what to type', async () => {
    const { user } = await rolesFor(t);
    const transactionId = `TX${randomBytes(6).toString('hex').toUpperCase()}`;
    expect(
      (await submit(user.cookie, { packageId: 'basic', paymentMethod: 'cashapp', transactionId })).statusCode,
    ).toBe(201);
    // Cyrillic Т and Х in place of the Latin letters
    const lookAlike = await submit(user.cookie, {
      packageId: 'basic',
      paymentMethod: 'cashapp',
      transactionId: `\u0422\u0425${transactionId.slice(2)}`,
    });
    expect(lookAlike.statusCode).toBe(400);
    expect(lookAlike.json().fields.transactionId).toBe(
      'Use only the letters A-Z and digits 0-9 of the reference your payment app shows',
    );
  });

  it('answers 409, not 500, to the loser when the same transaction id is submitted twice at once', async () => {
    const { user, other } = await rolesFor(t);
    const payload = { packageId: 'basic', paymentMethod: 'venmo', transactionId: unique('race') };
    const answers = await Promise.all([submit(user.cookie, payload), submit(other.cookie, payload)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ packageId: 'basic', paymentMethod: 'venmo', transactionId: '' }, 'transactionId', 'Transaction ID required'],
    [{ packageId: 'basic', paymentMethod: 'venmo' }, 'transactionId', 'Transaction ID required'],
    [
      { packageId: 'basic', paymentMethod: 'venmo', transactionId: ' -\u200B ' },
      'transactionId',
      'Transaction ID required',
    ],
    [{ paymentMethod: 'venmo', transactionId: 'x1' }, 'packageId', 'Select a package'],
    [{ packageId: 'gold-bars', paymentMethod: 'venmo', transactionId: 'x2' }, 'packageId', 'Select a package'],
    [
      { packageId: 'basic', paymentMethod: 'cheque', transactionId: 'x3' },
      'paymentMethod',
      'Choose venmo, cashapp or paypal',
    ],
  ])('refuses %o with "%s: %s"', async (payload, field, message) => {
    const { user } = await rolesFor(t);
    const response = await submit(user.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('is for signed-in users only', async () => {
    expect(
      (await submit(undefined, { packageId: 'basic', paymentMethod: 'venmo', transactionId: 'x' })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/my/manual-payments' })).statusCode).toBe(401);
  });
});

/**
 * The newest pending payments: the last page of the list (oldest first). On PostgreSQL the test
 * database is shared with other files and runs, so the first page holds older payments.
 */
async function newestPending(cookie: string): Promise<{ id: number }[]> {
  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/manual-payments/pending?${query}`, headers: { cookie } });
  const { total } = (await get('page=1&pageSize=1')).json();
  return (await get(`page=${Math.max(1, Math.ceil(total / 200))}&pageSize=200`)).json().items;
}

describe('admin decisions on payments', () => {
  it('lists pending payments with the username, to admins only', async () => {
    const { user, admin } = await rolesFor(t);
    const id = await pendingPayment(user.cookie);
    expect(await newestPending(admin.cookie)).toContainEqual(
      expect.objectContaining({ id, userId: user.id, username: user.username, packageId: 'standard' }),
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/manual-payments/pending',
          headers: { cookie: user.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/manual-payments/pending' })).statusCode).toBe(401);
  });

  it('credits an approved payment once, with a ledger row, and drops it from the pending list', async () => {
    const { user, admin } = await rolesFor(t);
    const id = await pendingPayment(user.cookie);
    const approved = await decide(admin.cookie, id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', newBalance: 270 });
    expect(await balance(user.id)).toBe(270);
    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.manualPaymentId, id));
    expect(ledger).toMatchObject([{ delta: 250, balanceAfter: 270, reason: 'payment', actorId: admin.id }]);
    expect((await newestPending(admin.cookie)).map((p) => p.id)).not.toContain(id);
  });

  it('credits once when twenty approvals of one payment race', async () => {
    const { user, admin } = await rolesFor(t);
    const id = await pendingPayment(user.cookie);
    const answers = await Promise.all(Array.from({ length: 20 }, () => decide(admin.cookie, id, 'approve')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await balance(user.id)).toBe(270);
  });

  it('rejects with the default note, and a later approval answers 409 and changes nothing', async () => {
    const { user, admin } = await rolesFor(t);
    const id = await pendingPayment(user.cookie);
    const rejected = await decide(admin.cookie, id, 'reject', {});
    expect(rejected.json()).toMatchObject({ status: 'rejected', notes: 'Rejected by admin' });
    const late = await decide(admin.cookie, id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already rejected/);
    expect(await balance(user.id)).toBe(20);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/my/manual-payments',
      headers: { cookie: user.cookie },
    });
    expect(mine.json()[0]).toMatchObject({ id, status: 'rejected', notes: 'Rejected by admin' });
  });

  it('keeps the note an admin gives when rejecting', async () => {
    const { user, admin } = await rolesFor(t);
    const id = await pendingPayment(user.cookie);
    const rejected = await decide(admin.cookie, id, 'reject', { notes: 'No such transfer arrived' });
    expect(rejected.json().notes).toBe('No such transfer arrived');
  });

  it('refuses the decisions to guests (401) and users (403), changing nothing', async () => {
    const { user, other, admin } = await rolesFor(t);
    const id = await pendingPayment(user.cookie);
    for (const decision of ['approve', 'reject'] as const) {
      expect((await decide(undefined, id, decision)).statusCode).toBe(401);
      expect((await decide(user.cookie, id, decision)).statusCode).toBe(403);
      expect((await decide(other.cookie, id, decision)).statusCode).toBe(403);
    }
    expect(await balance(user.id)).toBe(20);
    expect((await decide(admin.cookie, id, 'approve')).statusCode).toBe(200);
  });

  it('answers 404 for a payment that does not exist and 400 for a bad id', async () => {
    const { admin } = await rolesFor(t);
    expect((await decide(admin.cookie, 987654321, 'approve')).statusCode).toBe(404);
    expect((await decide(admin.cookie, Number.NaN, 'approve')).statusCode).toBe(400);
  });
});
