import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusChanges } from '../../db/schema.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn, unique, uniqueIp } from '../../../test/support/factories.ts';
import { FAKE_REPORT, markGraded, uploadCard } from '../../../test/support/gradings.ts';
import { mailsWith, startSmtpCapture } from '../../../test/support/smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let roles: Awaited<ReturnType<typeof rolesFor>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://cards.example.test' });
  roles = await rolesFor(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, cookie?: string, payload?: unknown, remoteAddress?: string) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function person() {
  const user = await createUser(t.db);
  return { ...user, cookie: await signIn(t.app, user) };
}

/** A graded card of this user's, with a name no other test uses. */
async function gradedCard(owner: { cookie: string }, fields: Record<string, unknown> = {}) {
  const id = await uploadCard(t.app, owner.cookie);
  const cardName = unique('Charizard');
  await markGraded(t.db, id, { cardName, analysis: FAKE_REPORT, ...fields });
  return { id, cardName };
}

const sale = (cardGradingId: number, fields: Record<string, unknown> = {}) => ({
  cardGradingId,
  listingType: 'sell',
  askingPrice: '150',
  description: 'Crisp corners, centred well, from a smoke-free home.',
  location: 'Portland, OR',
  ...fields,
});

async function listed(seller: { cookie: string }, fields: Record<string, unknown> = {}) {
  const card = await gradedCard(seller);
  const response = await call('POST', '/api/marketplace/listings', seller.cookie, sale(card.id, fields));
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as { id: number }), card };
}

const mailTo = async (to: string, subject: string) => (await mailsWith(smtp.mails, to, subject))[0]!;

describe('listing a graded card', () => {
  it('checks every rule with its message', async () => {
    const seller = await person();
    const card = await gradedCard(seller);
    const post = (body: object) => call('POST', '/api/marketplace/listings', seller.cookie, body);
    expect((await call('POST', '/api/marketplace/listings', undefined, sale(card.id))).statusCode).toBe(401);
    const cases: [object, Record<string, string>][] = [
      [{ ...sale(card.id), listingType: 'swap' }, { listingType: 'Please select sell or trade' }],
      [{ ...sale(card.id), askingPrice: '0' }, { askingPrice: 'Price must be at least $0.01' }],
      [{ ...sale(card.id), askingPrice: undefined }, { askingPrice: 'Price is required for sell listings' }],
      [{ ...sale(card.id), description: 'Nice card' }, { description: 'Please provide a detailed description' }],
      [{ ...sale(card.id), location: 'OR' }, { location: 'Please provide your city and state' }],
    ];
    for (const [body, fields] of cases) {
      const response = await post(body);
      expect([response.statusCode, response.json().fields]).toEqual([400, fields]);
    }
    // A trade needs no price.
    const trade = await post({
      ...sale(card.id),
      listingType: 'trade',
      askingPrice: '',
      tradePreferences: 'Base Set holos',
    });
    expect(trade.statusCode, trade.body).toBe(201);
    expect(trade.json()).toMatchObject({ listingType: 'trade', askingPrice: null, status: 'active', viewCount: 0 });
    // One active listing per grading.
    const again = await post(sale(card.id));
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'This card is already listed. Edit or withdraw that listing instead.',
    ]);
  });

  it('only of the seller’s own graded cards', async () => {
    const seller = await person();
    const others = await gradedCard(roles.other);
    expect((await call('POST', '/api/marketplace/listings', seller.cookie, sale(others.id))).statusCode).toBe(404);
    const draft = await uploadCard(t.app, seller.cookie);
    const ungraded = await call('POST', '/api/marketplace/listings', seller.cookie, sale(draft));
    expect([ungraded.statusCode, ungraded.json().message]).toEqual([
      409,
      'This card has not been graded yet. Grade it, then list it with its report.',
    ]);
  });

  it('is listed for everyone with its report and photos, filtered, newest first', async () => {
    const seller = await person();
    const game = unique('Game');
    const low = await listed(seller, {});
    const card = await gradedCard(seller, { gameBrand: game, overallGrade: 9 });
    const high = await call(
      'POST',
      '/api/marketplace/listings',
      seller.cookie,
      sale(card.id, { listingType: 'trade' }),
    );
    const other = await gradedCard(seller, { gameBrand: game, overallGrade: 6 });
    await call('POST', '/api/marketplace/listings', seller.cookie, sale(other.id));
    const page = await call('GET', `/api/marketplace/listings?game=${game}&minGrade=8&maxGrade=10`);
    expect(page.json().items.map((l: { id: number }) => l.id)).toEqual([high.json().id]);
    const byType = await call('GET', `/api/marketplace/listings?game=${game}&type=sell`);
    expect(byType.json().items.map((l: { card: { overallGrade: number } }) => l.card.overallGrade)).toEqual([6]);
    const words = await call('GET', `/api/marketplace/listings?q=${low.card.cardName}`);
    expect(words.json().items).toEqual([
      expect.objectContaining({ id: low.id, askingPrice: '150.00', seller: { username: seller.username } }),
    ]);
    expect((await call('GET', '/api/marketplace/listings?minGrade=9&maxGrade=3')).statusCode).toBe(400);

    const detail = await call('GET', `/api/marketplace/listings/${low.id}`);
    expect(detail.json()).toMatchObject({
      id: low.id,
      mine: false,
      grading: { id: low.card.id, cardName: low.card.cardName },
    });
    expect(detail.json().grading.analysis.scores).toBeDefined();
    expect(detail.json().grading).not.toHaveProperty('userId');
    // The card was never shared, yet its photo is public while it is listed.
    const photo = await t.app.inject({ method: 'GET', url: detail.json().grading.frontImagePath });
    expect(photo.statusCode).toBe(200);
    await call('PATCH', `/api/marketplace/listings/${low.id}`, seller.cookie, { status: 'withdrawn' });
    expect((await t.app.inject({ method: 'GET', url: detail.json().grading.frontImagePath })).statusCode).toBe(404);
  });

  it('counts one view per viewer a day, never the seller’s', async () => {
    const seller = await person();
    const { id } = await listed(seller);
    const view = (cookie?: string, ip?: string) =>
      call('GET', `/api/marketplace/listings/${id}`, cookie, undefined, ip);
    await view(seller.cookie);
    await view(roles.other.cookie);
    await view(roles.other.cookie);
    const guest = uniqueIp();
    await view(undefined, guest);
    expect((await view(undefined, guest)).json().viewCount).toBe(2);
    expect((await view(seller.cookie)).json()).toMatchObject({ viewCount: 2, mine: true });
  });

  it('is edited or withdrawn by its seller only; an admin takes one down with a reason the seller is mailed', async () => {
    const seller = await person();
    const { id } = await listed(seller);
    expect(
      (await call('PATCH', `/api/marketplace/listings/${id}`, roles.other.cookie, { location: 'Salem, OR' }))
        .statusCode,
    ).toBe(404);
    const edited = await call('PATCH', `/api/marketplace/listings/${id}`, seller.cookie, { askingPrice: '99.5' });
    expect(edited.json().askingPrice).toBe('99.50');
    expect(
      (await call('PATCH', `/api/marketplace/listings/${id}`, seller.cookie, { askingPrice: '' })).json().message,
    ).toBe('Send at least one field to change');
    const second = await listed(seller);
    expect(
      (await call('POST', `/api/admin/marketplace/listings/${second.id}/remove`, roles.user.cookie, { reason: 'Fake' }))
        .statusCode,
    ).toBe(403);
    const down = await call('POST', `/api/admin/marketplace/listings/${second.id}/remove`, roles.admin.cookie, {
      reason: 'The photos show a different card',
    });
    expect(down.json()).toMatchObject({ status: 'removed', removedReason: 'The photos show a different card' });
    expect(await mailTo(seller.email, 'Your listing was taken down')).toContain('The photos show a different card');
    // Gone from the market: 404 for others, still there for its seller.
    expect((await call('GET', `/api/marketplace/listings/${second.id}`, roles.other.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/marketplace/listings/${second.id}`, seller.cookie)).json().status).toBe('removed');
    expect(
      (await call('PATCH', `/api/marketplace/listings/${second.id}`, seller.cookie, { location: 'Salem, OR' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('offers', () => {
  it('check every rule: not on one’s own listing, not on one that ended', async () => {
    const seller = await person();
    const buyer = await person();
    const { id } = await listed(seller);
    const offer = (cookie: string, body: object) =>
      call('POST', `/api/marketplace/listings/${id}/offers`, cookie, body);
    const cases: [object, Record<string, string>][] = [
      [{ offerType: 'barter' }, { offerType: 'Please select cash or trade offer' }],
      [{ offerType: 'cash', offerAmount: '0' }, { offerAmount: 'Offer amount must be at least $0.01' }],
      [{ offerType: 'cash' }, { offerAmount: 'Please provide required details for your offer type' }],
      [
        { offerType: 'trade', tradeDescription: '  ' },
        { tradeDescription: 'Please provide required details for your offer type' },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await offer(buyer.cookie, body);
      expect([response.statusCode, response.json().fields]).toEqual([400, fields]);
    }
    expect((await offer(seller.cookie, { offerType: 'cash', offerAmount: '10' })).statusCode).toBe(403);
    const made = await offer(buyer.cookie, { offerType: 'cash', offerAmount: '120', message: 'Cash today' });
    expect(made.json()).toMatchObject({
      status: 'pending',
      offerAmount: '120.00',
      offerer: { username: buyer.username },
    });
    expect(made.json()).not.toHaveProperty('contactEmail');
    expect(await mailTo(seller.email, 'New offer on')).toContain('$120.00 in cash');
    await call('PATCH', `/api/marketplace/listings/${id}`, seller.cookie, { status: 'withdrawn' });
    const late = await offer(roles.other.cookie, { offerType: 'cash', offerAmount: '130' });
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'This listing is withdrawn: it takes no more offers.',
    ]);
    // The withdrawal declined the pending offer, and its maker was told.
    const mine = await call('GET', '/api/marketplace/offers?role=made', buyer.cookie);
    expect(mine.json()[0]).toMatchObject({ id: made.json().id, status: 'declined' });
    await mailTo(buyer.email, 'Your offer was declined');
  });

  it('accepted, end the listing, decline the others and show each party the other’s e-mail', async () => {
    const seller = await person();
    const [first, second] = [await person(), await person()];
    const { id } = await listed(seller, { listingType: 'trade', askingPrice: '' });
    const a = await call('POST', `/api/marketplace/listings/${id}/offers`, first.cookie, {
      offerType: 'trade',
      tradeDescription: 'My PSA 9 Blastoise',
    });
    const b = await call('POST', `/api/marketplace/listings/${id}/offers`, second.cookie, {
      offerType: 'cash',
      offerAmount: '80',
    });
    // Only the seller accepts or rejects; only the offerer withdraws.
    expect((await call('POST', `/api/marketplace/offers/${a.json().id}/accept`, first.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/marketplace/offers/${a.json().id}/withdraw`, seller.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/marketplace/offers/${a.json().id}/reject`, roles.other.cookie)).statusCode).toBe(
      404,
    );
    const received = await call('GET', '/api/marketplace/offers?role=received', seller.cookie);
    expect(received.json().map((o: { id: number }) => o.id)).toEqual([b.json().id, a.json().id]);
    const accepted = await call('POST', `/api/marketplace/offers/${a.json().id}/accept`, seller.cookie);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      contactEmail: first.email,
      listing: { status: 'traded' },
    });
    const theirs = await call('GET', '/api/marketplace/offers?role=made', first.cookie);
    expect(theirs.json()[0]).toMatchObject({ status: 'accepted', contactEmail: seller.email });
    const declined = await call('GET', '/api/marketplace/offers?role=made', second.cookie);
    expect(declined.json()[0]).toMatchObject({ status: 'declined' });
    expect(declined.json()[0]).not.toHaveProperty('contactEmail');
    expect(await mailTo(first.email, 'Your offer was accepted')).toContain(seller.email);
    expect(await mailTo(seller.email, 'You accepted an offer')).toContain(first.email);
    expect((await call('POST', `/api/marketplace/offers/${b.json().id}/accept`, seller.cookie)).statusCode).toBe(409);
    const audit = await t.db
      .select({ to: statusChanges.toStatus })
      .from(statusChanges)
      .where(and(eq(statusChanges.subject, 'listing'), eq(statusChanges.subjectId, id)));
    expect(audit.map((r) => r.to)).toEqual(['active', 'traded']);
  });

  it('of two accepts at once on one listing, exactly one wins', async () => {
    const seller = await person();
    const buyers = await Promise.all(Array.from({ length: 6 }, person));
    const { id } = await listed(seller);
    const offers = [];
    for (const buyer of buyers) {
      const made = await call('POST', `/api/marketplace/listings/${id}/offers`, buyer.cookie, {
        offerType: 'cash',
        offerAmount: '100',
      });
      offers.push(made.json().id as number);
    }
    const answers = await Promise.all(
      offers.map((offerId) => call('POST', `/api/marketplace/offers/${offerId}/accept`, seller.cookie)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    const statuses = (await call('GET', `/api/marketplace/listings/${id}/offers`, seller.cookie))
      .json()
      .map((o: { status: string }) => o.status);
    expect(statuses.sort()).toEqual(['accepted', 'declined', 'declined', 'declined', 'declined', 'declined']);
  });

  it('rejected by the seller or withdrawn by the offerer, once', async () => {
    const seller = await person();
    const buyer = await person();
    const { id } = await listed(seller);
    const one = await call('POST', `/api/marketplace/listings/${id}/offers`, buyer.cookie, {
      offerType: 'cash',
      offerAmount: '1.5',
    });
    const two = await call('POST', `/api/marketplace/listings/${id}/offers`, buyer.cookie, {
      offerType: 'cash',
      offerAmount: '2',
    });
    expect((await call('POST', `/api/marketplace/offers/${one.json().id}/reject`, seller.cookie)).json().status).toBe(
      'rejected',
    );
    expect((await call('POST', `/api/marketplace/offers/${one.json().id}/reject`, seller.cookie)).statusCode).toBe(409);
    await mailTo(buyer.email, 'Your offer was rejected');
    expect((await call('POST', `/api/marketplace/offers/${two.json().id}/withdraw`, buyer.cookie)).json().status).toBe(
      'withdrawn',
    );
    await mailTo(seller.email, 'An offer was withdrawn');
    // Others see no offers on a listing that is not theirs.
    expect((await call('GET', `/api/marketplace/listings/${id}/offers`, roles.other.cookie)).json()).toEqual([]);
    expect((await call('GET', '/api/marketplace/offers?role=sideways', buyer.cookie)).statusCode).toBe(400);
  });
});
