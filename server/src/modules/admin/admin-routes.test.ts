import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger } from '../../db/schema.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn, unique } from '../../../test/support/factories.ts';
import { markGraded, uploadCard } from '../../../test/support/gradings.ts';

let t: TestApp;
let roles: Awaited<ReturnType<typeof rolesFor>>;
beforeAll(async () => {
  t = await createTestApp();
  roles = await rolesFor(t);
});
afterAll(async () => {
  await t.close();
});

const correction = {
  cornerGrade: 7,
  edgeGrade: 8,
  surfaceGrade: 9,
  centeringGrade: 6,
  overallGrade: 7,
  notes: 'Soft corner seen under a loupe.',
};
const as = (cookie: string | undefined) => (cookie ? { cookie } : {});

describe('every admin call refuses guests (401) and users (403)', () => {
  const calls: [string, string, object?][] = [
    ['GET', '/api/admin/card-gradings'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/card-gradings/1/corrections'],
    ['PATCH', '/api/admin/card-gradings/1/correct-grade', correction],
    ['GET', '/api/admin/manual-payments/pending'],
    ['POST', '/api/admin/manual-payments/1/approve'],
    ['POST', '/api/admin/manual-payments/1/reject', {}],
    ['POST', '/api/admin/users/1/points', { delta: 10, reason: 'goodwill' }],
  ];
  it.each(calls)('%s %s', async (method, url, payload) => {
    const request = (cookie?: string) =>
      t.app.inject({ method: method as 'GET', url, headers: as(cookie), ...(payload ? { payload } : {}) });
    expect((await request()).statusCode).toBe(401);
    expect((await request(roles.user.cookie)).statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/card-gradings/:id/correct-grade', () => {
  it('corrects the grades, the owner sees them, and the audit trail keeps old and new values', async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    await markGraded(t.db, id, { overallGrade: 9, cornerGrade: 9, notes: 'Engine notes' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/card-gradings/${id}/correct-grade`,
      headers: as(roles.admin.cookie),
      payload: correction,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ overallGrade: 7, cornerGrade: 7, notes: correction.notes });

    const owner = await t.app.inject({
      method: 'GET',
      url: `/api/card-gradings/${id}`,
      headers: as(roles.user.cookie),
    });
    expect(owner.json()).toMatchObject({ overallGrade: 7, centeringGrade: 6 });

    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/card-gradings/${id}/corrections`,
      headers: as(roles.admin.cookie),
    });
    expect(trail.json()).toMatchObject([
      {
        adminId: roles.admin.id,
        adminName: roles.admin.username,
        oldValues: { overallGrade: 9, cornerGrade: 9, notes: 'Engine notes' },
        newValues: { overallGrade: 7, cornerGrade: 7, notes: correction.notes },
      },
    ]);
  });

  it.each([
    ['overallGrade', { ...correction, overallGrade: 11 }],
    ['cornerGrade', { ...correction, cornerGrade: 0 }],
    ['edgeGrade', { ...correction, edgeGrade: 7.5 }],
    ['surfaceGrade', { ...correction, surfaceGrade: 'nine' }],
    ['centeringGrade', { ...correction, centeringGrade: undefined }],
  ])('refuses a bad %s and changes nothing', async (field, payload) => {
    const id = await uploadCard(t.app, roles.user.cookie);
    await markGraded(t.db, id);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/card-gradings/${id}/correct-grade`,
      headers: as(roles.admin.cookie),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toMatch(/must be a whole number from 1 to 10/);
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/card-gradings/${id}/corrections`,
      headers: as(roles.admin.cookie),
    });
    expect(trail.json()).toEqual([]);
  });

  it('answers 404 for a grading that does not exist', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/card-gradings/987654321/correct-grade',
      headers: as(roles.admin.cookie),
      payload: correction,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/admin/card-gradings', () => {
  it('filters by grade, card name and user id in the database, and pages', async () => {
    const { user, other, admin } = await rolesFor(t);
    const name = unique('Mewtwo');
    const a = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, a, { cardName: `${name} Holo`, overallGrade: 9 });
    const b = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, b, { cardName: name, overallGrade: 6 });
    const c = await uploadCard(t.app, other.cookie);
    await markGraded(t.db, c, { cardName: name.toUpperCase(), overallGrade: 9 });

    const ids = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/card-gradings?${query}`, headers: as(admin.cookie) }))
        .json()
        .items.map((g: { id: number }) => g.id);
    expect(await ids(`cardName=${name.toLowerCase()}`)).toEqual([c, b, a]);
    expect(await ids(`cardName=${name}&grade=9`)).toEqual([c, a]);
    expect(await ids(`cardName=${name}&userId=${user.id}`)).toEqual([b, a]);
    expect(await ids(`cardName=${name}&grade=9&userId=${other.id}`)).toEqual([c]);
    expect(await ids(`q=${c}`)).toContain(c);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/card-gradings?cardName=${name}&pageSize=2&page=2`,
        headers: as(admin.cookie),
      })
    ).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((g: { id: number }) => g.id)).toEqual([a]);
    expect(page.items[0].ownerName).toBe(user.username);
  });

  it.each([
    ['set name', 'cardSet'],
    ['game brand', 'gameBrand'],
  ])('Grade Management finds a grading by its %s, in any case', async (_label, field) => {
    const text = unique('Neo Destiny');
    const match = await uploadCard(t.app, roles.user.cookie);
    await markGraded(t.db, match, { [field]: `${text} Unlimited` });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/card-gradings?q=${encodeURIComponent(text.toUpperCase())}`,
      headers: as(roles.admin.cookie),
    });
    expect(response.json()).toMatchObject({ total: 1, items: [{ id: match, [field]: `${text} Unlimited` }] });
  });

  it('puts the grading whose id was searched first, ahead of newer cards whose names hold the digits', async () => {
    const target = await uploadCard(t.app, roles.user.cookie);
    const newer = await uploadCard(t.app, roles.user.cookie);
    await markGraded(t.db, newer, { cardName: unique(`Card ${target}`) });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/card-gradings?q=${target}&pageSize=1`,
      headers: as(roles.admin.cookie),
    });
    expect(response.json().items.map((g: { id: number }) => g.id)).toEqual([target]);
    expect(response.json().total).toBeGreaterThanOrEqual(2);
  });

  it('refuses a grade outside 1-10', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/card-gradings?grade=12',
      headers: as(roles.admin.cookie),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.grade).toBe('Grade must be from 1 to 10');
  });

  it('treats % and _ in a search as plain characters', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/card-gradings?cardName=%25%25zz_none',
      headers: as(roles.admin.cookie),
    });
    expect(response.json().items).toEqual([]);
  });
});

describe('GET /api/admin/users', () => {
  it('lists users with email, points and role, never a password', async () => {
    // Found by name: on PostgreSQL other test files add users to the same database meanwhile.
    const find = async (name: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/users?q=${encodeURIComponent(name)}`,
          headers: as(roles.admin.cookie),
        })
      ).json().items;
    const list = [...(await find(roles.user.username)), ...(await find(roles.admin.username))];
    expect(list).toContainEqual(
      expect.objectContaining({
        id: roles.user.id,
        username: roles.user.username,
        email: roles.user.email,
        points: 20,
        isAdmin: false,
      }),
    );
    expect(list).toContainEqual(expect.objectContaining({ id: roles.admin.id, isAdmin: true }));
    expect(JSON.stringify(list)).not.toMatch(/argon2/);
  });

  it('pages through users and finds them by name or email', async () => {
    // Three users of their own, so that users other test files add meanwhile do not shift the pages.
    const prefix = unique('pg').toLowerCase();
    const made = [];
    for (const n of [1, 2, 3]) made.push(await createUser(t.db, { username: `${prefix}_${n}` }));
    const page = async (n: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/users?q=${prefix}&page=${n}&pageSize=2`,
          headers: as(roles.admin.cookie),
        })
      ).json();
    const [first, second] = [await page(1), await page(2)];
    expect(first.total).toBe(3);
    // Newest first, two a page, none twice.
    expect([...first.items, ...second.items].map((u: { id: number }) => u.id)).toEqual(made.map((u) => u.id).reverse());
    const found = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?q=${encodeURIComponent(roles.user.email.toUpperCase())}`,
        headers: as(roles.admin.cookie),
      })
    ).json();
    expect(found.items.map((u: { id: number }) => u.id)).toEqual([roles.user.id]);
    // A pattern character is searched for as itself.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/users?q=%25', headers: as(roles.admin.cookie) })).json()
        .total,
    ).toBe(0);
  });
});

describe('POST /api/admin/users/:id/points', () => {
  it('adds or removes points with a reason the user sees, never below zero, and records the admin', async () => {
    const target = await createUser(t.db);
    const adjust = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${target.id}/points`,
        headers: as(roles.admin.cookie),
        payload,
      });
    const added = await adjust({ delta: 30, reason: 'Refund for a misread photo' });
    expect(added.json()).toEqual({ userId: target.id, points: 50 });
    expect((await adjust({ delta: -50, reason: 'Duplicate account' })).json().points).toBe(0);
    const below = await adjust({ delta: -1, reason: 'One too many' });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe('That would take the balance below zero: the account has 0 points.');
    const noReason = await adjust({ delta: 5, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Say why the points change: the user sees it');
    expect((await adjust({ delta: 0, reason: 'nothing' })).statusCode).toBe(400);
    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, target.id));
    expect(ledger.filter((r) => r.reason === 'admin_adjustment')).toEqual([
      expect.objectContaining({ delta: 30, actorId: roles.admin.id, note: 'Refund for a misread photo' }),
      expect.objectContaining({ delta: -50, actorId: roles.admin.id, note: 'Duplicate account' }),
    ]);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/my/points-ledger',
      headers: { cookie: await signIn(t.app, target) },
    });
    expect(JSON.stringify(history.json())).toMatch(/Refund for a misread photo/);
  });
});
