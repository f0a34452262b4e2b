import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InPersonSubmission } from '@gradelens/shared';
import { cardGradings, inPersonGradingSubmissions, statusChanges } from '../../db/schema.ts';
import { loadEnv } from '../../env.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { unique, uniqueIp } from '../../../test/support/factories.ts';
import { jpegOf } from '../../../test/support/images.ts';
import { pdfText } from '../../../test/support/pdf.ts';
import { parseMail, startSmtpCapture } from '../../../test/support/smtp.ts';

let t: TestApp;
let roles: Awaited<ReturnType<typeof rolesFor>>;
/** Every mail the app sent, received by a real SMTP server on loopback. */
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ PUBLIC_URL: 'https://cards.example.test', SMTP_URL: smtp.url });
  roles = await rolesFor(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const card = (name = 'Charizard') => ({
  cardName: name,
  cardSet: 'Base Set',
  gameBrand: 'Pokemon',
  estimatedValue: '300',
});

/** A valid form under a name and email no other test uses. */
function form(overrides: Record<string, unknown> = {}) {
  const name = unique('Collector');
  return {
    customerName: name,
    email: `${name.toLowerCase()}@example.test`,
    phone: '555-123-4567',
    address: '1 Pallet Road',
    city: 'Pallet',
    state: 'KS',
    zipCode: '66002',
    cardList: [card()],
    serviceType: 'standard',
    ...overrides,
  };
}

const submit = (payload: Record<string, unknown>, cookie?: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/in-person-submissions',
    headers: cookie ? { cookie } : {},
    remoteAddress: uniqueIp(),
    payload,
  });

async function submitted(payload: Record<string, unknown>, cookie?: string): Promise<number> {
  const response = await submit(payload, cookie);
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const move = (id: number, payload: Record<string, unknown>, cookie = roles.admin.cookie) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/in-person-submissions/${id}`, headers: { cookie }, payload });

async function movedTo(id: number, ...steps: Record<string, unknown>[]): Promise<void> {
  for (const step of steps) expect((await move(id, step)).statusCode).toBe(200);
}

const auditRows = (id: number) =>
  t.db
    .select()
    .from(statusChanges)
    .where(and(eq(statusChanges.subject, 'in_person_submission'), eq(statusChanges.subjectId, id)))
    .orderBy(asc(statusChanges.id));

/** The mails to one address, parsed, once at least `count` have arrived. */
async function mailsTo(email: string, count = 1) {
  for (let i = 0; i < 200; i += 1) {
    const sent = smtp.mails.filter((mail) => mail.to.includes(email));
    if (sent.length >= count) return sent.map(parseMail);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${count} mails to ${email} arrived`);
}

/** A multipart body of text fields and files, as the admin's grade dialog sends it. */
function gradeForm(fields: Record<string, string>, files: Record<string, Buffer>) {
  const boundary = `----inperson${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, data] of Object.entries(files))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const GRADES = { cornerGrade: '9', edgeGrade: '8', surfaceGrade: '9', centeringGrade: '7', overallGrade: '8' };

async function grade(
  id: number,
  index: number,
  options: { fields?: Record<string, string>; files?: Record<string, Buffer>; cookie?: string } = {},
) {
  const photo = await jpegOf(250, 350);
  const body = gradeForm(
    options.fields ?? { ...GRADES, notes: 'Graded under a loupe.' },
    options.files ?? {
      frontImage: photo,
      backImage: photo,
    },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/in-person-submissions/${id}/cards/${index}/grade`,
    headers: { cookie: options.cookie ?? roles.admin.cookie, ...body.headers },
    payload: body.payload,
  });
}

describe('GET /api/in-person-submissions/services', () => {
  it('lists the three services with the default price per card, for everyone', async () => {
    const response = await get('/api/in-person-submissions/services');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 'standard', name: 'Standard', pricePerCard: '25.00' },
      { id: 'express', name: 'Express', pricePerCard: '50.00' },
      { id: 'premium', name: 'Premium', pricePerCard: '100.00' },
    ]);
  });

  it('takes the prices IN_PERSON_PRICES sets, and charges them', async () => {
    const custom = await createTestApp(
      { IN_PERSON_PRICES: JSON.stringify({ standard: '19.99', premium: 80 }) },
      t.database,
    );
    try {
      const services = (await custom.app.inject({ method: 'GET', url: '/api/in-person-submissions/services' })).json();
      expect(services.map((s: { pricePerCard: string }) => s.pricePerCard)).toEqual(['19.99', '50.00', '80.00']);
      const response = await submit(form({ cardList: [card(), card(), card()] }), undefined, custom.app);
      expect(response.json()).toMatchObject({ totalCards: 3, totalCost: '59.97' });
    } finally {
      await custom.close();
    }
  });
});

describe('the IN_PERSON_PRICES setting', () => {
  it.each([
    ['not JSON', 'standard=30'],
    ['an unknown service', '{"overnight": 30}'],
    ['a negative price', '{"standard": -5}'],
    ['a price with three decimals', '{"standard": "25.001"}'],
    ['a price of nothing', '{"standard": 0}'],
    ['no price at all', '{}'],
  ])('stops the server on %s, saying what it takes', (_case, value) => {
    expect(() => loadEnv({ IN_PERSON_PRICES: value })).toThrow(
      /IN_PERSON_PRICES: must be a JSON object of prices per card/,
    );
  });
});

describe('POST /api/in-person-submissions', () => {
  it.each([
    ['customerName', { customerName: 'A' }, 'Enter your full name (at least 2 characters)'],
    ['email', { email: 'ash-at-example' }, 'Please enter a valid email address'],
    ['phone', { phone: '555-1234' }, 'Please enter a valid phone number'],
    ['address', { address: '1 Rd' }, 'Enter your street address (at least 5 characters)'],
    ['city', { city: 'P' }, 'Enter your city (at least 2 characters)'],
    ['state', { state: ' K ' }, 'Enter your state (at least 2 characters)'],
    ['zipCode', { zipCode: '123' }, 'Please enter a valid zip code'],
    ['cardList', { cardList: [] }, 'At least one card is required'],
    [
      'cardList',
      { cardList: Array(101).fill(card()) },
      'At most 100 cards per submission: send the rest in another submission',
    ],
    ['cardList.0.cardName', { cardList: [{ ...card(), cardName: '' }] }, 'Enter the card name'],
    ['cardList.0.gameBrand', { cardList: [{ ...card(), gameBrand: ' ' }] }, 'Enter the game or brand, such as Pokemon'],
    [
      'cardList.0.estimatedValue',
      { cardList: [{ ...card(), estimatedValue: '0.50' }] },
      'Estimated value must be at least $1',
    ],
    ['serviceType', { serviceType: 'overnight' }, 'Please select a service type'],
  ])('refuses a bad %s with 400 and the message under the field', async (field, overrides, message) => {
    const response = await submit(form(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
  });

  it('computes the totals itself, whatever the client sends, and keeps a guest submission without an account', async () => {
    const payload = form({
      cardList: [card('Charizard'), card('Blastoise'), { ...card('Venusaur'), cardSet: '', estimatedValue: 12.5 }],
      serviceType: 'express',
      totalCards: 1,
      totalCost: '0.01',
      userId: roles.user.id,
      status: 'completed',
    });
    const response = await submit(payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number), status: 'pending', totalCards: 3, totalCost: '150.00' });
    const [row] = await t.db
      .select()
      .from(inPersonGradingSubmissions)
      .where(eq(inPersonGradingSubmissions.id, body.id));
    expect(row).toMatchObject({
      userId: null,
      status: 'pending',
      totalCards: 3,
      totalCost: '150.00',
      serviceType: 'express',
    });
    expect(row?.cardList).toEqual([
      { cardName: 'Charizard', cardSet: 'Base Set', gameBrand: 'Pokemon', estimatedValue: '300.00' },
      { cardName: 'Blastoise', cardSet: 'Base Set', gameBrand: 'Pokemon', estimatedValue: '300.00' },
      { cardName: 'Venusaur', cardSet: null, gameBrand: 'Pokemon', estimatedValue: '12.50' },
    ]);
    expect(await auditRows(body.id)).toMatchObject([{ fromStatus: null, toStatus: 'pending', actorId: null }]);
  });

  it('mails the customer a confirmation with the cards and the total', async () => {
    const payload = form({ cardList: [card('Mewtwo'), card('Gengar')], serviceType: 'premium' });
    const id = await submitted(payload);
    const [mail] = await mailsTo(payload.email as string);
    expect(mail?.subject).toBe(`GradeLens in-person grading: submission #${id} received`);
    expect(mail?.text).toContain(`Hello ${payload.customerName},`);
    expect(mail?.text).toContain('2 cards, Premium service, total $200.00.');
    expect(mail?.text).toContain('1. Mewtwo, Base Set (Pokemon), estimated $300.00');
    expect(mail?.text).toContain(`write the submission number #${id} on the parcel`);
    // A guest has no page to follow: only the mails.
    expect(mail?.text).not.toContain('/submissions/');
  });

  it("keeps a signed-in user's submission in their account, and links its page in the mail", async () => {
    const payload = form();
    const id = await submitted(payload, roles.user.cookie);
    const [row] = await t.db.select().from(inPersonGradingSubmissions).where(eq(inPersonGradingSubmissions.id, id));
    expect(row?.userId).toBe(roles.user.id);
    expect(await auditRows(id)).toMatchObject([{ fromStatus: null, toStatus: 'pending', actorId: roles.user.id }]);
    expect((await mailsTo(payload.email as string))[0]?.text).toContain(`https://cards.example.test/submissions/${id}`);
  });

  it('tells the customer where to send the cards (IN_PERSON_SHIP_TO), or that the shop will write with it', async () => {
    const unset = form();
    await submitted(unset);
    expect((await mailsTo(unset.email as string))[0]?.text).toContain(
      'We will write to you with the address to send it to.',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/site-settings' })).json().inPerson).toEqual({
      shipTo: null,
    });
    const shop = await createTestApp(
      { SMTP_URL: smtp.url, IN_PERSON_SHIP_TO: 'GradeLens Grading\\n12 Slab Street\\nPortland, OR 97201' },
      t.database,
    );
    try {
      const set = form();
      expect((await submit(set, undefined, shop.app)).statusCode).toBe(201);
      expect((await mailsTo(set.email as string))[0]?.text).toContain(
        'Send it to:\n  GradeLens Grading\n  12 Slab Street\n  Portland, OR 97201',
      );
      expect((await shop.app.inject({ method: 'GET', url: '/api/site-settings' })).json().inPerson).toEqual({
        shipTo: 'GradeLens Grading\n12 Slab Street\nPortland, OR 97201',
      });
    } finally {
      await shop.close();
    }
  });

  it('takes the submission when the mail cannot be sent', async () => {
    // No SMTP server at that address, then one that refuses every recipient.
    const unreachable = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' }, t.database);
    const refusingServer = await startSmtpCapture({ refuse: true });
    const refusing = await createTestApp({ SMTP_URL: refusingServer.url }, t.database);
    try {
      expect((await submit(form(), undefined, unreachable.app)).statusCode).toBe(201);
      expect((await submit(form(), undefined, refusing.app)).statusCode).toBe(201);
    } finally {
      await unreachable.close();
      await refusing.close();
      await refusingServer.close();
    }
  });

  it('limits the submissions a guest address or an account may send in a window', async () => {
    const limited = await createTestApp({ IN_PERSON_SUBMISSIONS_PER_WINDOW: '2' }, t.database);
    try {
      const { user } = await rolesFor(limited);
      const address = uniqueIp();
      const fromAddress = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/in-person-submissions',
          remoteAddress: address,
          payload: form(),
        });
      expect((await fromAddress()).statusCode).toBe(201);
      expect((await fromAddress()).statusCode).toBe(201);
      const refused = await fromAddress();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^Too many grading submissions from here for now\. Wait \d+ minutes and try again\.$/,
      );
      expect(refused.headers['retry-after']).toBeDefined();
      // A refused form costs nothing: the schema refuses it before the count.
      expect(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/in-person-submissions',
            remoteAddress: address,
            payload: {},
          })
        ).statusCode,
      ).toBe(400);
      // Another address, and a signed-in user (counted by account), are not affected.
      expect((await submit(form(), undefined, limited.app)).statusCode).toBe(201);
      for (let i = 0; i < 2; i += 1) expect((await submit(form(), user.cookie, limited.app)).statusCode).toBe(201);
      expect((await submit(form(), user.cookie, limited.app)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('reading submissions', () => {
  it("lists the signed-in user's own submissions, newest first, and nobody else's", async () => {
    const { user, other } = await rolesFor(t);
    const first = await submitted(form({ serviceType: 'standard' }), user.cookie);
    const second = await submitted(form({ serviceType: 'express', cardList: [card(), card()] }), user.cookie);
    await submitted(form(), other.cookie);
    const response = await get('/api/in-person-submissions', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        id: second,
        status: 'pending',
        serviceType: 'express',
        totalCards: 2,
        totalCost: '100.00',
      }),
      expect.objectContaining({
        id: first,
        status: 'pending',
        serviceType: 'standard',
        totalCards: 1,
        totalCost: '25.00',
      }),
    ]);
    expect((await get('/api/in-person-submissions')).statusCode).toBe(401);
  });

  it('shows a submission to its owner and to admins only: 404 for another user, 401 for a guest', async () => {
    const { user, other, admin } = await rolesFor(t);
    const payload = form({ submissionNotes: 'Please handle the Charizard with care.' });
    const id = await submitted(payload, user.cookie);
    const owner = await get(`/api/in-person-submissions/${id}`, user.cookie);
    expect(owner.statusCode).toBe(200);
    const body: InPersonSubmission = owner.json();
    expect(body).toMatchObject({
      id,
      status: 'pending',
      customerName: payload.customerName,
      email: payload.email,
      pricePerCard: '25.00',
      totalCost: '25.00',
      submissionNotes: 'Please handle the Charizard with care.',
      trackingNumber: null,
      cards: [{ index: 0, cardName: 'Charizard', cardSet: 'Base Set', estimatedValue: '300.00', grading: null }],
      timeline: [{ from: null, to: 'pending', note: null, at: expect.any(String) }],
    });
    expect(body).not.toHaveProperty('account');

    const asAdmin = await get(`/api/in-person-submissions/${id}`, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().account).toEqual({ id: user.id, username: user.username });

    const stranger = await get(`/api/in-person-submissions/${id}`, other.cookie);
    const missing = await get('/api/in-person-submissions/2147483647', other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(missing.json());
    expect((await get(`/api/in-person-submissions/${id}`)).statusCode).toBe(401);
  });

  it("shows a guest's submission to admins only", async () => {
    const id = await submitted(form());
    expect((await get(`/api/in-person-submissions/${id}`, roles.user.cookie)).statusCode).toBe(404);
    expect((await get(`/api/in-person-submissions/${id}`, roles.admin.cookie)).json().account).toBeNull();
  });
});

describe('GET /api/admin/in-person-submissions', () => {
  it('filters by status and searches by name, email, account or number, paged', async () => {
    const { user } = await rolesFor(t);
    const surname = unique('Oak');
    const pending = await submitted(form({ customerName: `Samuel ${surname}` }));
    const received = await submitted(form({ customerName: `Gary ${surname}` }), user.cookie);
    await movedTo(received, { status: 'received' });
    const list = (query: string) => get(`/api/admin/in-person-submissions?${query}`, roles.admin.cookie);

    const all = (await list(`q=${surname}`)).json();
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(all.items.map((s: InPersonSubmission) => s.id)).toEqual([received, pending]);
    expect(all.items[0]).toMatchObject({
      customerName: `Gary ${surname}`,
      account: { id: user.id },
      cards: [{ index: 0 }],
    });
    expect(all.items[1].account).toBeNull();

    expect((await list(`q=${surname}&status=received`)).json().items.map((s: InPersonSubmission) => s.id)).toEqual([
      received,
    ]);
    expect((await list(`q=${surname}&status=grading`)).json()).toMatchObject({ total: 0, items: [] });
    const paged = (await list(`q=${surname}&pageSize=1&page=2`)).json();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((s: InPersonSubmission) => s.id)).toEqual([pending]);

    expect((await list(`q=%23${pending}`)).json().items.map((s: InPersonSubmission) => s.id)).toContain(pending);
    const email = (await get(`/api/in-person-submissions/${pending}`, roles.admin.cookie)).json().email;
    expect((await list(`q=${encodeURIComponent(email.toUpperCase())}`)).json().items[0]?.id).toBe(pending);
    expect((await list(`q=${user.username}`)).json().items.map((s: InPersonSubmission) => s.id)).toEqual([received]);
  });

  it('refuses a bad filter, and everyone but admins', async () => {
    const bad = await get('/api/admin/in-person-submissions?status=lost', roles.admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBe(
      'Status must be one of: pending, received, grading, shipped, completed, cancelled',
    );
    expect((await get('/api/admin/in-person-submissions', roles.user.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/in-person-submissions')).statusCode).toBe(401);
  });
});

describe('PATCH /api/admin/in-person-submissions/:id', () => {
  it('moves a submission through every step, with an audit row, a timeline entry and a mail each', async () => {
    const payload = form();
    const id = await submitted(payload, roles.user.cookie);
    const steps = [
      { status: 'received', notes: 'Arrived safely.' },
      { status: 'grading' },
      { status: 'shipped', trackingNumber: '1Z999AA10123456784', notes: 'Sent by UPS.' },
      { status: 'completed' },
    ];
    for (const step of steps) {
      const response = await move(id, step);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, status: step.status, adminNotes: step.notes ?? null });
    }
    const rows = await auditRows(id);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.actorId, r.note])).toEqual([
      [null, 'pending', roles.user.id, null],
      ['pending', 'received', roles.admin.id, 'Arrived safely.'],
      ['received', 'grading', roles.admin.id, null],
      ['grading', 'shipped', roles.admin.id, 'Sent by UPS.'],
      ['shipped', 'completed', roles.admin.id, null],
    ]);

    const seen = (await get(`/api/in-person-submissions/${id}`, roles.user.cookie)).json();
    expect(seen).toMatchObject({ status: 'completed', trackingNumber: '1Z999AA10123456784' });
    expect(
      seen.timeline.map((e: { from: string | null; to: string; note: string | null }) => [e.from, e.to, e.note]),
    ).toEqual([
      [null, 'pending', null],
      ['pending', 'received', 'Arrived safely.'],
      ['received', 'grading', null],
      ['grading', 'shipped', 'Sent by UPS.'],
      ['shipped', 'completed', null],
    ]);

    // Mails travel on their own connections and may arrive in any order: each step is found by its subject.
    const sent = await mailsTo(payload.email as string, 5);
    const subject = (step: string) => `GradeLens in-person grading: submission #${id} ${step}`;
    expect(sent.map((m) => m.subject).sort()).toEqual(
      ['received', 'received', 'grading', 'shipped', 'completed'].map(subject).sort(),
    );
    const step = (name: string) => sent.filter((m) => m.subject === subject(name)).map((m) => m.text);
    expect(step('received')).toContainEqual(expect.stringContaining('has arrived: we have received your cards.'));
    expect(step('received')).toContainEqual(expect.stringContaining('A note from the shop:\nArrived safely.'));
    expect(step('shipped')[0]).toContain('Tracking number: 1Z999AA10123456784');
    expect(step('completed')[0]).toContain(`https://cards.example.test/submissions/${id}`);
  });

  it.each(['pending', 'received', 'grading'])('cancels from %s', async (from) => {
    const id = await submitted(form());
    const path = ['received', 'grading'].slice(0, ['pending', 'received', 'grading'].indexOf(from));
    await movedTo(id, ...path.map((status) => ({ status })));
    const response = await move(id, { status: 'cancelled', notes: 'Asked by the customer.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('cancelled');
    expect((await auditRows(id)).at(-1)).toMatchObject({ fromStatus: from, toStatus: 'cancelled' });
  });

  it.each([
    [
      [],
      'grading',
      'Submission #ID cannot move from pending to grading. From pending it can move to received or cancelled.',
    ],
    [
      [],
      'pending',
      'Submission #ID cannot move from pending to pending. From pending it can move to received or cancelled.',
    ],
    [
      ['received', 'grading', 'shipped'],
      'cancelled',
      'Submission #ID cannot move from shipped to cancelled. From shipped it can move to completed.',
    ],
    [
      ['received', 'grading', 'shipped', 'completed'],
      'pending',
      'Submission #ID cannot move from completed to pending. A completed submission does not move any further.',
    ],
    [
      ['cancelled'],
      'received',
      'Submission #ID cannot move from cancelled to received. A cancelled submission does not move any further.',
    ],
  ])('refuses the move after %j to %s with 409, changing nothing', async (path, to, message) => {
    const id = await submitted(form());
    await movedTo(
      id,
      ...path.map((status) => ({ status, ...(status === 'shipped' ? { trackingNumber: 'TRACK1' } : {}) })),
    );
    const before = await auditRows(id);
    const response = await move(id, { status: to, trackingNumber: 'TRACK2' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(message.replace('ID', String(id)));
    expect(await auditRows(id)).toHaveLength(before.length);
  });

  it('needs the tracking number to ship', async () => {
    const id = await submitted(form());
    await movedTo(id, { status: 'received' }, { status: 'grading' });
    for (const payload of [{ status: 'shipped' }, { status: 'shipped', trackingNumber: '   ' }]) {
      const response = await move(id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        trackingNumber: 'Enter the tracking number to mark the submission shipped',
      });
    }
    const [row] = await t.db.select().from(inPersonGradingSubmissions).where(eq(inPersonGradingSubmissions.id, id));
    expect(row).toMatchObject({ status: 'grading', trackingNumber: null });
  });

  it('lets one of two admins moving the same submission at once win; the other gets 409', async () => {
    const id = await submitted(form());
    const responses = await Promise.all([
      move(id, { status: 'received' }),
      move(id, { status: 'received' }),
      move(id, { status: 'received' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toMatch(
      new RegExp(`^Submission #${id} (cannot move from received to received|was moved to received by someone else)`),
    );
    expect((await auditRows(id)).map((r) => r.toStatus)).toEqual(['pending', 'received']);
  });

  it('answers 404 for no submission, 403 for a user, 401 for a guest', async () => {
    expect((await move(2147483647, { status: 'received' })).statusCode).toBe(404);
    const id = await submitted(form());
    expect((await move(id, { status: 'received' }, roles.user.cookie)).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/in-person-submissions/${id}`,
      payload: { status: 'received' },
    });
    expect(guest.statusCode).toBe(401);
    expect((await auditRows(id)).map((r) => r.toStatus)).toEqual(['pending']);
  });
});

describe('POST /api/admin/in-person-submissions/:id/cards/:index/grade', () => {
  /** A user's submission of two cards, moved to grading. */
  async function inGrading(cookie: string, names = [unique('Charizard'), unique('Blastoise')]) {
    const id = await submitted(form({ cardList: names.map((name) => card(name)) }), cookie);
    await movedTo(id, { status: 'received' }, { status: 'grading' });
    return { id, names };
  }

  it("creates a person's grading in the owner's history and portfolio, linked from the submission", async () => {
    const { user } = await rolesFor(t);
    const { id, names } = await inGrading(user.cookie);
    const response = await grade(id, 1);
    expect(response.statusCode).toBe(201);
    const grading = response.json();
    expect(grading).toMatchObject({
      userId: user.id,
      cardName: names[1],
      cardSet: 'Base Set',
      gameBrand: 'Pokemon',
      cornerGrade: 9,
      edgeGrade: 8,
      surfaceGrade: 9,
      centeringGrade: 7,
      overallGrade: 8,
      notes: 'Graded under a loupe.',
      gradingMethod: 'in_person',
      mlPowered: 0,
      gradedAt: expect.any(String),
      certificateNumber: expect.stringMatching(/^GL-/),
    });
    const [row] = await t.db.select().from(cardGradings).where(eq(cardGradings.id, grading.id));
    expect(row?.inPersonSubmissionId).toBe(id);

    const history = (await get('/api/my/card-gradings', user.cookie)).json();
    expect(history.items).toEqual([
      expect.objectContaining({ id: grading.id, gradingMethod: 'in_person', overallGrade: 8 }),
    ]);
    // The photos went through the pipeline and are the owner's to see.
    const front = await get(grading.frontImagePath, user.cookie);
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/jpeg');
    expect((await get(grading.frontThumbPath, user.cookie)).statusCode).toBe(200);
    expect((await get(grading.backImagePath, roles.other.cookie)).statusCode).toBe(404);

    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/download',
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(await pdfText(pdf.rawPayload)).toContain(names[1]);

    // Its label and public certificate, like any grading's.
    const label = await get(`/api/card-gradings/${grading.id}/label`, user.cookie);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const certificate = await get(`/api/certificates/${grading.certificateNumber}`);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.json()).toMatchObject({ cardName: names[1], overallGrade: 8, gradingMethod: 'in_person' });

    const submission = (await get(`/api/in-person-submissions/${id}`, user.cookie)).json();
    expect(submission.cards).toMatchObject([
      { index: 0, cardName: names[0], grading: null },
      { index: 1, cardName: names[1], grading: { id: grading.id, overallGrade: 8 } },
    ]);
  });

  it('refuses to grade a card twice, leaving the first grading as it was', async () => {
    const { id } = await inGrading(roles.user.cookie);
    const first = (await grade(id, 0)).json();
    const again = await grade(id, 0, { fields: { ...GRADES, overallGrade: '3' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Card 0 of submission #${id} is already graded (grading #${first.id}). Nothing was changed: to change its grades, use Edit Grade on that card's page.`,
    );
    const rows = await t.db.select().from(cardGradings).where(eq(cardGradings.inPersonSubmissionId, id));
    expect(rows.map((r) => [r.id, r.overallGrade])).toEqual([[first.id, 8]]);
  });

  it('lets one of two graders of the same card at once win, leaving one grading', async () => {
    const { id } = await inGrading(roles.user.cookie);
    const responses = await Promise.all([grade(id, 1), grade(id, 1)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(cardGradings).where(eq(cardGradings.inPersonSubmissionId, id));
    expect(rows).toHaveLength(1);
  });

  it('takes grades while shipped too, and not before grading or after', async () => {
    const { id } = await inGrading(roles.user.cookie);
    await movedTo(id, { status: 'shipped', trackingNumber: 'TRACK' });
    expect((await grade(id, 0)).statusCode).toBe(201);
    await movedTo(id, { status: 'completed' });
    const late = await grade(id, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      `Submission #${id} is completed: grades are entered while it is grading or shipped. Move it to grading first.`,
    );

    const early = await submitted(form(), roles.user.cookie);
    await movedTo(early, { status: 'received' });
    expect((await grade(early, 0)).statusCode).toBe(409);
  });

  it("refuses a guest's submission: there is no account to keep the grading in", async () => {
    const id = await submitted(form());
    await movedTo(id, { status: 'received' }, { status: 'grading' });
    const response = await grade(id, 0);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Submission #\d+ was sent by a customer without an account/);
  });

  it('refuses a card that is not in the list, bad grades and missing photos, creating nothing', async () => {
    const { id } = await inGrading(roles.user.cookie);
    const outside = await grade(id, 2);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(`Submission #${id} has no card 2: its cards are numbered from 0 to 1.`);
    expect((await grade(id, -1)).statusCode).toBe(400);

    const badGrade = await grade(id, 0, { fields: { ...GRADES, surfaceGrade: '11' } });
    expect(badGrade.statusCode).toBe(400);
    expect(badGrade.json().fields).toEqual({ surfaceGrade: 'Surface grade must be a whole number from 1 to 10' });

    const photo = await jpegOf(250, 350);
    const noBack = await grade(id, 0, { files: { frontImage: photo } });
    expect(noBack.statusCode).toBe(400);
    expect(noBack.json()).toMatchObject({
      message: 'Both front and back images are required',
      fields: { backImage: 'Add a photo of the back' },
    });
    const notAPhoto = await grade(id, 0, { files: { frontImage: photo, backImage: Buffer.from('not a photo') } });
    expect(notAPhoto.statusCode).toBe(415);

    expect(await t.db.select().from(cardGradings).where(eq(cardGradings.inPersonSubmissionId, id))).toEqual([]);
  });

  it('is for admins only', async () => {
    const { id } = await inGrading(roles.user.cookie);
    expect((await grade(id, 0, { cookie: roles.user.cookie })).statusCode).toBe(403);
    expect((await grade(id, 0, { cookie: '' })).statusCode).toBe(401);
  });
});
