import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_GRADINGS_PAGE_SIZE, type GradingListItem } from '@gradelens/shared';
import { cardGradings, gradeCorrections, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { FAKE_REPORT, markGraded, uploadCard } from '../../../test/support/gradings.ts';
import { presentCurrentUser } from '../accounts/presenter.ts';
import { presentGrading } from './presenter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedInUser() {
  const user = await createUser(t.db);
  return { ...user, cookie: await signIn(t.app, user) };
}

/** Cards straight into the table, created at the given instants (text, to the microsecond). */
async function cardsAt(userId: number, instants: string[]): Promise<number[]> {
  const rows = await t.db
    .insert(cardGradings)
    .values(
      instants.map((at, i) => ({
        userId,
        cardName: `Card ${i}`,
        frontImagePath: `/uploads/front-${i}.jpg`,
        backImagePath: `/uploads/back-${i}.jpg`,
        analysis: FAKE_REPORT,
        notes: 'Notes the list leaves out.',
        createdAt: sql`${at}::timestamptz`,
      })),
    )
    .returning({ id: cardGradings.id });
  return rows.map((r) => r.id);
}

const list = (cookie: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/my/card-gradings${query}`, headers: cookie ? { cookie } : {} });

/** Every page, following nextCursor, as the client's Load more does. */
async function allPages(cookie: string, limit: number): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await list(cookie, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page = response.json() as { items: GradingListItem[]; nextCursor: string | null };
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, pages };
}

describe('GET /api/my/card-gradings', () => {
  it('pages newest first with a cursor, never repeating or skipping a card, even within one millisecond', async () => {
    const user = await signedInUser();
    // Three cards in one millisecond (apart by microseconds), two at the very same instant (the id decides).
    const ids = await cardsAt(user.id, [
      '2026-03-01 10:00:00.000100+00',
      '2026-03-01 10:00:00.000300+00',
      '2026-03-01 10:00:00.000200+00',
      '2026-02-01 09:00:00+00',
      '2026-02-01 09:00:00+00',
      '2026-04-01 08:00:00+00',
      '2025-12-31 23:59:59.999999+00',
    ]);
    const newestFirst = [ids[5], ids[1], ids[2], ids[0], ids[4], ids[3], ids[6]];
    for (const limit of [1, 2, 3, 7, 100]) {
      const { ids: seen, pages } = await allPages(user.cookie, limit);
      expect(seen).toEqual(newestFirst);
      expect(pages).toBe(Math.max(1, Math.ceil(7 / limit)));
    }
    // Times as toISOString writes them: milliseconds, cut (not rounded) from PostgreSQL's microseconds.
    const { items } = (await list(user.cookie)).json() as { items: GradingListItem[] };
    expect(items.map((c) => c.createdAt)).toEqual([
      '2026-04-01T08:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
      '2026-02-01T09:00:00.000Z',
      '2026-02-01T09:00:00.000Z',
      '2025-12-31T23:59:59.999Z',
    ]);
  });

  it(`answers ${MY_GRADINGS_PAGE_SIZE} cards when no limit is named, and a cursor for the rest`, async () => {
    const user = await signedInUser();
    await cardsAt(
      user.id,
      Array.from({ length: MY_GRADINGS_PAGE_SIZE + 2 }, (_, i) => `2026-01-01 00:00:${String(i).padStart(2, '0')}+00`),
    );
    const first = (await list(user.cookie)).json();
    expect(first.items).toHaveLength(MY_GRADINGS_PAGE_SIZE);
    const rest = (await list(user.cookie, `?cursor=${first.nextCursor}`)).json();
    expect(rest.items).toHaveLength(2);
    expect(rest.nextCursor).toBeNull();
  });

  it('goes on from where it was when a card of the page before is deleted meanwhile', async () => {
    const user = await signedInUser();
    const ids = await cardsAt(user.id, ['2026-01-03 00:00:00+00', '2026-01-02 00:00:00+00', '2026-01-01 00:00:00+00']);
    const first = (await list(user.cookie, '?limit=2')).json();
    expect(first.items.map((c: GradingListItem) => c.id)).toEqual([ids[0], ids[1]]);
    await t.db.delete(cardGradings).where(eq(cardGradings.id, ids[1]!));
    const next = (await list(user.cookie, `?limit=2&cursor=${first.nextCursor}`)).json();
    expect(next).toEqual({ items: [expect.objectContaining({ id: ids[2] })], nextCursor: null });
  });

  it("shows only the signed-in user's cards, whatever cursor they send", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    await cardsAt(owner.id, ['2026-01-02 00:00:00+00', '2026-01-01 00:00:00+00']);
    const [othersCard] = await cardsAt(other.id, ['2025-06-01 00:00:00+00']);
    const ownersCursor = (await list(owner.cookie, '?limit=1')).json().nextCursor;
    expect((await list(other.cookie, `?cursor=${ownersCursor}`)).json()).toEqual({
      items: [expect.objectContaining({ id: othersCard })],
      nextCursor: null,
    });
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it.each([
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit must be a whole number from 1 to 100'],
    ['?limit=2.5', 'limit must be a whole number from 1 to 100'],
    ['?limit=many', 'limit must be a whole number from 1 to 100'],
    ['?cursor=%27%3B%20DROP%20TABLE', 'The cursor is not one this list gave'],
    ['?cursor=bm90LWEtY3Vyc29y', 'The cursor is not one this list gave'],
    [
      `?cursor=${Buffer.from('1700000000000000.2147483648').toString('base64url')}`,
      'The cursor is not one this list gave',
    ],
    [`?cursor=${Buffer.from('1700000000000000.0').toString('base64url')}`, 'The cursor is not one this list gave'],
    [`?cursor=${'A'.repeat(65)}`, 'The cursor is not one this list gave'],
  ])('answers 400 to %s', async (query, message) => {
    const user = await signedInUser();
    const response = await list(user.cookie, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('answers what the history and portfolio show, never the report, the notes or the owner id', async () => {
    const user = await signedInUser();
    const graded = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, graded, { analysis: FAKE_REPORT, notes: 'Long notes.', rejection: { code: 'old' } });
    const draft = await uploadCard(t.app, user.cookie);
    const refusal = { code: 'no_card', message: 'No card was found.', face: 'front', at: '2026-01-01T00:00:00.000Z' };
    await t.db.update(cardGradings).set({ rejection: refusal }).where(eq(cardGradings.id, draft));

    const { items } = (await list(user.cookie)).json() as { items: GradingListItem[] };
    const keys: (keyof GradingListItem)[] = [
      'id',
      'cardName',
      'cardSet',
      'cardNumber',
      'gameBrand',
      'year',
      'frontImagePath',
      'backImagePath',
      'frontThumbPath',
      'cornerGrade',
      'edgeGrade',
      'surfaceGrade',
      'centeringGrade',
      'overallGrade',
      'gradingMethod',
      'gradedAt',
      'createdAt',
      'rejection',
    ];
    for (const item of items) expect(Object.keys(item).sort()).toEqual([...keys].sort());
    const [row] = await t.db.select().from(cardGradings).where(eq(cardGradings.id, graded));
    const full = presentGrading(row!, {});
    expect(items.find((c) => c.id === graded)).toEqual({
      ...Object.fromEntries(keys.map((key) => [key, full[key as keyof typeof full]])),
      rejection: null,
    });
    expect(items.find((c) => c.id === draft)).toMatchObject({ gradedAt: null, rejection: refusal });
  });
});

describe('answers serialised from their schemas', () => {
  it('keeps every field the presenter gives on one grading, for each viewer, with its latest correction', async () => {
    const user = await signedInUser();
    const admin = await createUser(t.db, { isAdmin: true });
    const adminCookie = await signIn(t.app, admin);
    const ownerSet = { front: { outline: true, frame: true }, back: { outline: false, frame: false } };
    const graded = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, graded, {
      analysis: { ...FAKE_REPORT, ownerSet },
      notes: 'Engine notes.',
      sharedAt: new Date(),
    });
    await t.db.insert(gradeCorrections).values([
      { cardGradingId: graded, adminId: admin.id, oldValues: {}, newValues: { notes: 'First look.' } },
      { cardGradingId: graded, adminId: admin.id, oldValues: {}, newValues: { notes: 'Second look.' } },
    ]);
    const draft = await uploadCard(t.app, user.cookie);
    await t.db
      .update(cardGradings)
      .set({ rejection: { code: 'no_card', message: 'No card.', at: '2026-01-01T00:00:00.000Z' } })
      .where(eq(cardGradings.id, draft));

    const viewers = [
      { cookie: user.cookie, viewer: { id: user.id, isAdmin: 0 } },
      { cookie: adminCookie, viewer: { id: admin.id, isAdmin: 1 } },
      { cookie: undefined, viewer: null },
    ];
    for (const id of [graded, draft]) {
      const [row] = await t.db.select().from(cardGradings).where(eq(cardGradings.id, id));
      const [latest] = await t.db
        .select()
        .from(gradeCorrections)
        .where(eq(gradeCorrections.cardGradingId, id))
        .orderBy(sql`${gradeCorrections.id} DESC`)
        .limit(1);
      for (const { cookie, viewer } of viewers) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/card-gradings/${id}`,
          headers: cookie ? { cookie } : {},
        });
        if (id === draft && !cookie) {
          expect(response.statusCode).toBe(404);
          continue;
        }
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        const presented = presentGrading(row!, { viewer: viewer as never, withAnalysis: true });
        const correction = latest ? { at: latest.createdAt.toISOString(), notes: 'Second look.' } : null;
        expect(response.json()).toEqual(JSON.parse(JSON.stringify({ ...presented, correction })));
      }
    }
    const owners = await t.app.inject({
      method: 'GET',
      url: `/api/card-gradings/${graded}`,
      headers: { cookie: user.cookie },
    });
    expect(owners.json()).toMatchObject({ centeringSetByOwner: true, certificatePhotoShown: true, userId: user.id });
    const drafts = await t.app.inject({
      method: 'GET',
      url: `/api/card-gradings/${draft}`,
      headers: { cookie: user.cookie },
    });
    expect(drafts.json()).toMatchObject({ analysis: null, rejection: { code: 'no_card' }, centeringSetByOwner: false });
  });

  it('says no correction when a grader made none, and none of the notes when they are not text', async () => {
    const user = await signedInUser();
    const admin = await createUser(t.db, { isAdmin: true });
    const id = await uploadCard(t.app, user.cookie);
    const get = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/card-gradings/${id}`, headers: { cookie: user.cookie } })).json();
    expect((await get()).correction).toBeNull();
    await t.db
      .insert(gradeCorrections)
      .values({ cardGradingId: id, adminId: admin.id, oldValues: {}, newValues: { notes: 7 } });
    expect((await get()).correction).toEqual({ at: expect.any(String), notes: null });
  });

  it('keeps every field of the current user', async () => {
    const user = await signedInUser();
    await t.db.update(users).set({ profilePicturePath: '/uploads/me.jpg' }).where(eq(users.id, user.id));
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: user.cookie } });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(presentCurrentUser(row!))));
    expect(response.json().profilePicturePath).toBe('/uploads/me.jpg');
  });
});
