import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centsToAmount,
  toCents,
  type Ad,
  type AdEarnings,
  type AdPlacement,
  type AdPlacementQuery,
} from '@gradelens/shared';
import { adImpressions, adPayouts, cardGradings, statusChanges } from '../../db/schema.ts';
import { loadEnv } from '../../env.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn, unique, uniqueIp } from '../../../test/support/factories.ts';
import { jpegOf, multipart } from '../../../test/support/images.ts';
import { mailsWith, startSmtpCapture } from '../../../test/support/smtp.ts';
import { namedFiles } from '../photos/service.ts';
import { servePlacement } from './service.ts';
import { adKeysFrom, clickSignature } from './signing.ts';

const SECRET = 'ads-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const keys = adKeysFrom(SECRET);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The default share, 0.5, in ten-thousandths. */
const HALF = 5000;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let roles: Awaited<ReturnType<typeof rolesFor>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://cards.example.test', SESSION_SECRET: SECRET });
  roles = await rolesFor(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
/** A call from a browser page of the site (its User-Agent), from its own address unless told. */
const call = (
  method: Method,
  url: string,
  cookie?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  remoteAddress = uniqueIp(),
) =>
  t.app.inject({
    method,
    url,
    remoteAddress,
    headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newAd(fields: Record<string, unknown> = {}): Promise<Ad> {
  const response = await call('POST', '/api/admin/ads', roles.admin.cookie, {
    name: unique('Sleeves Co'),
    linkUrl: 'https://sleeves.example.com/offer',
    placement: 'both',
    revenuePerImpression: '0.0125',
    revenuePerClick: '0.5',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function member() {
  const user = await createUser(t.db);
  return { ...user, cookie: await signIn(t.app, user) };
}

/** A graded card of this owner's, shared to the gallery unless told. */
async function gradingOf(userId: number, shared = true): Promise<number> {
  const photo = () => `/uploads/${randomBytes(16).toString('hex')}.jpg`;
  const [row] = await t.db
    .insert(cardGradings)
    .values({
      userId,
      cardName: unique('Charizard'),
      frontImagePath: photo(),
      backImagePath: photo(),
      overallGrade: 8,
      gradedAt: new Date(),
      sharedAt: shared ? new Date() : null,
    })
    .returning({ id: cardGradings.id });
  return row!.id;
}

/** The service as the route calls it, with a clock, and only this test's ads considered. */
const serve = (
  query: AdPlacementQuery,
  viewer: { id?: number; key?: string; uncounted?: boolean },
  options: { ads: Ad[]; now?: Date; share?: number },
) =>
  servePlacement(
    t.db,
    {
      query,
      viewerId: viewer.id ?? null,
      viewerKey: viewer.key ?? (viewer.id ? `u:${viewer.id}` : `a:${randomBytes(16).toString('hex')}`),
      uncounted: viewer.uncounted ?? false,
    },
    { keys, ownerShare: options.share ?? HALF, now: options.now, restrictTo: options.ads.map((a) => a.id) },
  );

const impressionIdOf = (placement: AdPlacement) => {
  const match = /^\/api\/ads\/click\/(\d+)\?sig=[\w-]{43}$/.exec(placement.ad?.clickUrl ?? '');
  if (!match) throw new Error(`no click link in ${JSON.stringify(placement)}`);
  return Number(match[1]);
};
const impression = async (id: number) => (await t.db.select().from(adImpressions).where(eq(adImpressions.id, id)))[0]!;
const impressionsOn = (page: string) => t.db.select().from(adImpressions).where(eq(adImpressions.page, page));

const at = (iso: string) => new Date(iso);

/** Gives an owner earnings directly: impressions credited with these amounts (four places). */
async function credit(userId: number, amounts: string[], when = new Date()) {
  await t.db
    .insert(adImpressions)
    .values(amounts.map((revenue) => ({ userId, adName: 'Test credit', revenue, impressionDate: when })));
}

const earnings = async (cookie: string): Promise<AdEarnings> => {
  const response = await call('GET', '/api/my/ad-earnings', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const mailsTo = (to: string, subject: string) => mailsWith(smtp.mails, to, subject);

describe('the settings', () => {
  it('read the owner’s share as a fraction and the payout minimum in dollars, with defaults', () => {
    const env = loadEnv({ DATA_DIR: t.env.DATA_DIR });
    expect([env.AD_OWNER_SHARE, env.AD_PAYOUT_MINIMUM]).toEqual([5000, 1000]);
    const set = loadEnv({ DATA_DIR: t.env.DATA_DIR, AD_OWNER_SHARE: '0.35', AD_PAYOUT_MINIMUM: '25.50' });
    expect([set.AD_OWNER_SHARE, set.AD_PAYOUT_MINIMUM]).toEqual([3500, 2550]);
    expect(() => loadEnv({ DATA_DIR: t.env.DATA_DIR, AD_OWNER_SHARE: '1.5' })).toThrow(
      /AD_OWNER_SHARE: must be a fraction from 0 to 1/,
    );
    expect(() => loadEnv({ DATA_DIR: t.env.DATA_DIR, AD_OWNER_SHARE: '50%' })).toThrow(/AD_OWNER_SHARE/);
    expect(() => loadEnv({ DATA_DIR: t.env.DATA_DIR, AD_PAYOUT_MINIMUM: '0' })).toThrow(
      /AD_PAYOUT_MINIMUM: must be an amount in dollars/,
    );
  });
});

describe('ads', () => {
  it('are created, listed and changed by admins only, with every rule checked', async () => {
    const body = { name: unique('Binders'), linkUrl: 'https://binders.example.com', placement: 'gallery' };
    expect((await call('POST', '/api/admin/ads', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/ads', roles.user.cookie, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/ads', roles.user.cookie)).statusCode).toBe(403);
    const bad = await call('POST', '/api/admin/ads', roles.admin.cookie, {
      name: '',
      linkUrl: 'javascript:alert(1)',
      placement: 'sidebar',
      revenuePerImpression: '0.00001',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      name: 'Ad name is required',
      linkUrl: 'Enter the full address the ad links to, starting with https:// or http://',
      placement: 'Choose where the ad is shown: gallery, shared_grading or both',
      revenuePerImpression:
        'Revenue per impression must be from $0 to $1,000, in dollars with at most 4 decimal places, such as 0.0125',
    });

    const created = await call('POST', '/api/admin/ads', roles.admin.cookie, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...body,
      linkUrl: 'https://binders.example.com/',
      imageUrl: null,
      revenuePerImpression: '0.0000',
      revenuePerClick: '0.0000',
      active: true,
      impressions: 0,
      clicks: 0,
    });
    const id = created.json().id as number;
    expect((await call('PATCH', `/api/admin/ads/${id}`, roles.user.cookie, { active: false })).statusCode).toBe(403);
    const changed = await call('PATCH', `/api/admin/ads/${id}`, roles.admin.cookie, {
      active: false,
      revenuePerImpression: 0.02,
      linkUrl: 'http://binders.example.com/sale?src=gl',
    });
    expect(changed.json()).toMatchObject({
      active: false,
      revenuePerImpression: '0.0200',
      linkUrl: 'http://binders.example.com/sale?src=gl',
      placement: 'gallery',
    });
    expect(
      (await call('PATCH', `/api/admin/ads/${id}`, roles.admin.cookie, { linkUrl: 'ftp://x.test' })).statusCode,
    ).toBe(400);
    expect((await call('PATCH', `/api/admin/ads/${id}`, roles.admin.cookie, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/ads/999999999', roles.admin.cookie, { active: true })).statusCode).toBe(
      404,
    );
    const listed = await call('GET', `/api/admin/ads?q=${body.name}`, roles.admin.cookie);
    expect(listed.json()).toMatchObject({ total: 1, page: 1, items: [{ id, name: body.name, active: false }] });
    const byId = await call('GET', `/api/admin/ads?q=${id}`, roles.admin.cookie);
    expect(byId.json().items.map((a: Ad) => a.id)).toContain(id);
  });

  it('take an image through the photo pipeline, which anyone may see and the sweep keeps', async () => {
    const ad = await newAd({ active: false });
    const form = multipart({ image: { data: await jpegOf(1600, 900), filename: 'banner.jpg', type: 'image/jpeg' } });
    const upload = (cookie: string, body = form) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/ads/${ad.id}/image`,
        headers: { ...body.headers, cookie },
        payload: body.payload,
      });
    expect((await upload(roles.user.cookie)).statusCode).toBe(403);
    const stored = await upload(roles.admin.cookie);
    expect(stored.statusCode, stored.body).toBe(200);
    const imageUrl = stored.json().imageUrl as string;
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    const filename = imageUrl.split('/').pop()!;
    expect(await namedFiles(t.db, [filename])).toEqual(new Set([filename]));
    // A new image replaces the old one, which is gone.
    const replaced = await upload(roles.admin.cookie);
    expect(replaced.json().imageUrl).not.toBe(imageUrl);
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404);
    const text = multipart({ image: { data: Buffer.from('not a picture'), filename: 'x.jpg', type: 'image/jpeg' } });
    expect((await upload(roles.admin.cookie, text)).statusCode).toBe(415);
  });
});

describe('serving an ad', () => {
  it('asks which page it is for', async () => {
    expect((await call('GET', '/api/ads/placement')).statusCode).toBe(400);
    expect((await call('GET', '/api/ads/placement?page=home')).json().message).toBe(
      'Say which page the ad is for: page=gallery or page=grading',
    );
    expect((await call('GET', '/api/ads/placement?page=grading')).json().message).toBe(
      'Name the grading: gradingId=12',
    );
    expect((await call('GET', '/api/ads/placement?page=grading&gradingId=2147483648')).statusCode).toBe(400);
  });

  it('on the gallery: an active gallery ad, one impression per viewer an hour, credited to nobody', async () => {
    const gallery = await newAd({ placement: 'gallery', revenuePerImpression: '1' });
    const off = await newAd({ placement: 'gallery', active: false });
    const elsewhere = await newAd({ placement: 'shared_grading' });
    const ads = [gallery, off, elsewhere];
    const viewer = { key: `a:${randomBytes(16).toString('hex')}` };
    const first = await serve({ page: 'gallery' }, viewer, { ads, now: at('2026-03-01T10:05:00Z') });
    expect(first.ad).toMatchObject({ name: gallery.name, imageUrl: null });
    const row = await impression(impressionIdOf(first));
    expect(row).toMatchObject({
      adId: gallery.id,
      adName: gallery.name,
      userId: null,
      page: 'gallery',
      cardGradingId: null,
      viewerKey: viewer.key,
      hour: at('2026-03-01T10:00:00Z'),
      revenue: '0.0000',
      clicked: 0,
    });
    // Again within the hour: the same impression; the next hour, a new one.
    const again = await serve({ page: 'gallery' }, viewer, { ads, now: at('2026-03-01T10:59:59Z') });
    expect(again.ad?.clickUrl).toBe(first.ad?.clickUrl);
    const nextHour = await serve({ page: 'gallery' }, viewer, { ads, now: at('2026-03-01T11:00:00Z') });
    expect(impressionIdOf(nextHour)).not.toBe(row.id);
    const mine = await t.db
      .select()
      .from(adImpressions)
      .where(and(eq(adImpressions.adId, gallery.id), eq(adImpressions.viewerKey, viewer.key)));
    expect(mine).toHaveLength(2);
    // Nothing active for the page: no ad.
    expect(await serve({ page: 'gallery' }, viewer, { ads: [off, elsewhere] })).toEqual({ ad: null });
  });

  it('on a shared grading: credits its owner their share, once per viewer an hour, in exact ten-thousandths', async () => {
    const owner = await member();
    const gradingId = await gradingOf(owner.id);
    const ad = await newAd({ placement: 'shared_grading', revenuePerImpression: '0.0125' });
    const onlyGallery = await newAd({ placement: 'gallery' });
    const query = { page: 'grading' as const, gradingId };
    const viewer = { id: roles.other.id };
    const seen = await serve(query, viewer, { ads: [ad, onlyGallery], now: at('2026-03-01T10:00:00Z') });
    expect(seen.ad?.name).toBe(ad.name);
    // Half of 1.25 cents is 0.625 cents: the owner is credited 0.62 of a cent, rounded down.
    expect(await impression(impressionIdOf(seen))).toMatchObject({
      userId: owner.id,
      cardGradingId: gradingId,
      page: `grading:${gradingId}`,
      viewerKey: `u:${roles.other.id}`,
      revenue: '0.0062',
    });
    await serve(query, viewer, { ads: [ad], now: at('2026-03-01T10:30:00Z') });
    await serve(query, viewer, { ads: [ad], now: at('2026-03-01T11:30:00Z') });
    await serve(query, { key: `a:${randomBytes(16).toString('hex')}` }, { ads: [ad], now: at('2026-03-01T11:31:00Z') });
    // A share from the settings: 0.35 of 1.25 cents is 0.4375 cents, 0.43 credited.
    const third = await serve(
      query,
      { id: roles.admin.id },
      { ads: [ad], now: at('2026-03-01T10:00:00Z'), share: 3500 },
    );
    expect((await impression(impressionIdOf(third))).revenue).toBe('0.0043');
    const rows = await impressionsOn(`grading:${gradingId}`);
    expect(rows.map((r) => r.revenue).sort()).toEqual(['0.0043', '0.0062', '0.0062', '0.0062']);
    // An ad for both kinds of page is served here too.
    const both = await newAd({ placement: 'both' });
    expect((await serve(query, viewer, { ads: [both] })).ad?.name).toBe(both.name);
  });

  it('on a private grading, an opted-out owner’s, or one that does not exist: nothing shown, nothing credited', async () => {
    const owner = await member();
    const ad = await newAd({ placement: 'shared_grading' });
    const privateId = await gradingOf(owner.id, false);
    const viewer = { id: roles.other.id };
    expect(await serve({ page: 'grading', gradingId: privateId }, viewer, { ads: [ad] })).toEqual({ ad: null });
    expect(await serve({ page: 'grading', gradingId: privateId }, { id: owner.id }, { ads: [ad] })).toEqual({
      ad: null,
    });
    expect(await serve({ page: 'grading', gradingId: 2_147_483_000 }, viewer, { ads: [ad] })).toEqual({ ad: null });
    // Shared through the API: now it shows the ad.
    const shared = await call('PATCH', `/api/card-gradings/${privateId}/share`, owner.cookie, { shared: true });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await serve({ page: 'grading', gradingId: privateId }, viewer, { ads: [ad] })).ad?.name).toBe(ad.name);
    // The owner opts out: no ad on their pages any more; opting back in brings it back.
    expect((await call('PATCH', '/api/my/ad-settings', owner.cookie, { adsOptOut: true })).json()).toEqual({
      adsOptOut: true,
    });
    const guest = { key: `a:${randomBytes(16).toString('hex')}` };
    expect(await serve({ page: 'grading', gradingId: privateId }, guest, { ads: [ad] })).toEqual({ ad: null });
    const answer = await call('GET', `/api/ads/placement?page=grading&gradingId=${privateId}`);
    expect(answer.json()).toEqual({ ad: null });
    expect(await impressionsOn(`grading:${privateId}`)).toHaveLength(1);
    await call('PATCH', '/api/my/ad-settings', owner.cookie, { adsOptOut: false });
    expect((await serve({ page: 'grading', gradingId: privateId }, guest, { ads: [ad] })).ad?.name).toBe(ad.name);
  });

  it('to the owner, a bot or another site’s request: the ad is shown, nothing is recorded', async () => {
    const owner = await member();
    const gradingId = await gradingOf(owner.id);
    await newAd({ placement: 'shared_grading', linkUrl: 'https://binders.example.com/' });
    const url = `/api/ads/placement?page=grading&gradingId=${gradingId}`;
    const page = `grading:${gradingId}`;
    const shownUncounted = async (response: Awaited<ReturnType<typeof call>>) => {
      expect(response.statusCode, response.body).toBe(200);
      const { ad } = response.json() as AdPlacement;
      expect(ad?.name).toEqual(expect.any(String));
      // No impression, so no click link to count: straight to the ad's address.
      expect(ad?.clickUrl).toMatch(/^https?:\/\//);
      expect(await impressionsOn(page)).toHaveLength(0);
    };
    await shownUncounted(await call('GET', url, owner.cookie));
    await shownUncounted(await call('GET', url, undefined, undefined, { 'user-agent': GOOGLEBOT }));
    await shownUncounted(await call('GET', url, undefined, undefined, { 'user-agent': '' }));
    await shownUncounted(await call('GET', url, roles.other.cookie, undefined, { 'sec-fetch-site': 'cross-site' }));
    await shownUncounted(await call('GET', url, undefined, undefined, { 'sec-fetch-site': 'none' }));
    // A guest on a page of the site, twice from one address in the hour: one impression, for the owner.
    const address = uniqueIp();
    const seen = await call('GET', url, undefined, undefined, { 'sec-fetch-site': 'same-origin' }, address);
    const again = await call('GET', url, undefined, undefined, {}, address);
    expect(again.json().ad.clickUrl).toBe(seen.json().ad.clickUrl);
    const rows = await impressionsOn(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: owner.id, viewerKey: expect.stringMatching(/^a:[0-9a-f]{32}$/) });
    // The address itself is never stored.
    expect(rows[0]!.viewerKey).not.toContain(address);
    await call('GET', url, roles.user.cookie);
    expect((await impressionsOn(page)).map((r) => r.viewerKey)).toContain(`u:${roles.user.id}`);
  });
});

describe('a click', () => {
  it('with a valid signature counts once, adds the owner’s share of the click, and goes to the ad’s link', async () => {
    const owner = await member();
    const gradingId = await gradingOf(owner.id);
    const ad = await newAd({
      placement: 'shared_grading',
      revenuePerImpression: '0.0125',
      revenuePerClick: '0.5',
      linkUrl: 'https://sleeves.example.com/offer?src=gradelens',
    });
    const seen = await serve({ page: 'grading', gradingId }, { id: roles.other.id }, { ads: [ad] });
    const clickUrl = seen.ad!.clickUrl;
    const click = await call('GET', clickUrl, roles.other.cookie, undefined, { 'sec-fetch-site': 'same-origin' });
    expect([click.statusCode, click.headers.location]).toEqual([
      302,
      'https://sleeves.example.com/offer?src=gradelens',
    ]);
    const id = impressionIdOf(seen);
    // 0.0062 for the impression and half of 50 cents for the click.
    expect(await impression(id)).toMatchObject({ clicked: 1, revenue: '0.2562' });
    const again = await call('GET', clickUrl, roles.other.cookie);
    expect(again.statusCode).toBe(302);
    expect((await impression(id)).revenue).toBe('0.2562');

    // Parallel clicks on another impression add the click's share once.
    const other = await serve({ page: 'grading', gradingId }, { id: roles.user.id }, { ads: [ad] });
    const clicks = await Promise.all(Array.from({ length: 8 }, () => call('GET', other.ad!.clickUrl)));
    expect(clicks.map((c) => c.statusCode)).toEqual(Array(8).fill(302));
    expect(await impression(impressionIdOf(other))).toMatchObject({ clicked: 1, revenue: '0.2562' });
    const listed = await call('GET', `/api/admin/ads?q=${ad.id}`, roles.admin.cookie);
    expect(listed.json().items.find((a: Ad) => a.id === ad.id)).toMatchObject({ impressions: 2, clicks: 2 });
  });

  it('is refused with a bad or missing signature, and a bot’s or another site’s is not counted', async () => {
    const owner = await member();
    const gradingId = await gradingOf(owner.id);
    const ad = await newAd({ placement: 'shared_grading', revenuePerClick: '2' });
    const seen = await serve({ page: 'grading', gradingId }, { id: roles.other.id }, { ads: [ad] });
    const id = impressionIdOf(seen);
    const before = await impression(id);
    const refused = [
      `/api/ads/click/${id}`,
      `/api/ads/click/${id}?sig=${'A'.repeat(43)}`,
      `/api/ads/click/${id}?sig=${clickSignature(keys, id + 1)}`,
      `/api/ads/click/${id}?sig=${clickSignature(adKeysFrom('another secret of at least 32 characters'), id)}`,
    ];
    for (const url of refused) {
      const response = await call('GET', url);
      expect([response.statusCode, response.json().message]).toEqual([
        403,
        'This ad link is not valid. Open the ad from the page that shows it.',
      ]);
    }
    expect(await impression(id)).toEqual(before);
    // A real signature for an impression that does not exist.
    expect((await call('GET', `/api/ads/click/2147483000?sig=${clickSignature(keys, 2147483000)}`)).statusCode).toBe(
      404,
    );
    // Followed, but not counted.
    const bot = await call('GET', seen.ad!.clickUrl, undefined, undefined, { 'user-agent': GOOGLEBOT });
    const linked = await call('GET', seen.ad!.clickUrl, undefined, undefined, { 'sec-fetch-site': 'cross-site' });
    expect([bot.statusCode, linked.statusCode]).toEqual([302, 302]);
    expect(await impression(id)).toEqual(before);
  });

  it('on the gallery is marked, crediting nobody', async () => {
    const ad = await newAd({ placement: 'gallery', revenuePerClick: '3' });
    const seen = await serve({ page: 'gallery' }, {}, { ads: [ad] });
    expect((await call('GET', seen.ad!.clickUrl)).statusCode).toBe(302);
    expect(await impression(impressionIdOf(seen))).toMatchObject({ userId: null, clicked: 1, revenue: '0.0000' });
  });
});

describe('earnings', () => {
  it('are the owner’s: balance in whole cents rounded down, by month and by grading, with the settings', async () => {
    expect((await call('GET', '/api/my/ad-earnings')).statusCode).toBe(401);
    const owner = await member();
    const gradingId = await gradingOf(owner.id);
    const ad = await newAd({ placement: 'shared_grading', revenuePerImpression: '0.6667' });
    await serve({ page: 'grading', gradingId }, { id: roles.other.id }, { ads: [ad], now: at('2026-02-10T08:00:00Z') });
    await serve({ page: 'grading', gradingId }, { id: roles.user.id }, { ads: [ad], now: at('2026-03-02T09:00:00Z') });
    await credit(owner.id, ['0.3333', '0.3333', '0.3333'], at('2026-03-05T12:00:00Z'));
    const mine = await earnings(owner.cookie);
    // Five times 0.3333 is 1.6665: $1.66 may be asked for, never the fraction of a cent.
    expect(mine).toMatchObject({
      balance: '1.66',
      totalEarned: '1.66',
      pending: '0.00',
      paidOut: '0.00',
      impressions: 5,
      clicks: 0,
      minimum: '10.00',
      ownerShare: '0.5',
      adsOptOut: false,
      payouts: [],
    });
    expect(mine.months).toEqual([
      { month: '2026-03', impressions: 4, clicks: 0, earned: '1.3332' },
      { month: '2026-02', impressions: 1, clicks: 0, earned: '0.3333' },
    ]);
    const cardName = (await t.db.select().from(cardGradings).where(eq(cardGradings.id, gradingId)))[0]!.cardName;
    expect(mine.gradings).toEqual([
      { cardGradingId: null, cardName: null, impressions: 3, clicks: 0, earned: '0.9999' },
      { cardGradingId: gradingId, cardName, impressions: 2, clicks: 0, earned: '0.6666' },
    ]);
    // Another user sees their own, nothing of this owner's.
    const stranger = await member();
    expect(await earnings(stranger.cookie)).toMatchObject({
      balance: '0.00',
      impressions: 0,
      months: [],
      gradings: [],
    });
  });

  it('take the owner’s opt-out, for them only', async () => {
    const owner = await member();
    expect((await call('PATCH', '/api/my/ad-settings', undefined, { adsOptOut: true })).statusCode).toBe(401);
    const bad = await call('PATCH', '/api/my/ad-settings', owner.cookie, { adsOptOut: 'yes' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'adsOptOut is true or false']);
    await call('PATCH', '/api/my/ad-settings', owner.cookie, { adsOptOut: true });
    expect((await earnings(owner.cookie)).adsOptOut).toBe(true);
    expect((await earnings(roles.other.cookie)).adsOptOut).toBe(false);
  });
});

describe('payouts', () => {
  const request = { paymentMethod: 'venmo', account: '@ash-k' };

  it('are asked for from the minimum up to the balance, one at a time, with messages that say what to do', async () => {
    expect((await call('POST', '/api/my/ad-payouts', undefined, { ...request, amount: '10' })).statusCode).toBe(401);
    const owner = await member();
    await credit(owner.id, ['4.2000']);
    const low = await call('POST', '/api/my/ad-payouts', owner.cookie, { ...request, amount: '10' });
    expect([low.statusCode, low.json().fields]).toEqual([
      400,
      {
        amount:
          'Your balance of $4.20 is below the $10.00 payout minimum. You can ask for a payout once it reaches $10.00.',
      },
    ]);
    await credit(owner.id, ['21.2567']);
    const below = await call('POST', '/api/my/ad-payouts', owner.cookie, { ...request, amount: '9.99' });
    expect(below.json().message).toBe('Payouts start at $10.00. Ask for $10.00 or more.');
    const above = await call('POST', '/api/my/ad-payouts', owner.cookie, { ...request, amount: '25.46' });
    expect(above.json().message).toBe('You can ask for at most your balance of $25.45. Lower the amount.');
    const invalid = await call('POST', '/api/my/ad-payouts', owner.cookie, { amount: '10', paymentMethod: 'zelle' });
    expect(invalid.json().fields).toEqual({
      paymentMethod: 'Choose venmo, cashapp or paypal',
      account: 'Enter the account to pay, such as @your-venmo, $YourCashtag or you@example.com',
    });

    const asked = await call('POST', '/api/my/ad-payouts', owner.cookie, { ...request, amount: '25.45' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      amount: '25.45',
      paymentMethod: 'venmo',
      account: '@ash-k',
      status: 'pending',
      paymentReference: null,
      note: null,
      paidAt: null,
    });
    const second = await call('POST', '/api/my/ad-payouts', owner.cookie, { ...request, amount: '10' });
    expect([second.statusCode, second.json().message]).toEqual([
      409,
      'Your payout request of $25.45 is still waiting. You can ask again once it is paid or rejected.',
    ]);
    expect(await earnings(owner.cookie)).toMatchObject({ balance: '0.00', totalEarned: '25.45', pending: '25.45' });
    const audit = await t.db
      .select()
      .from(statusChanges)
      .where(and(eq(statusChanges.subject, 'ad_payout'), eq(statusChanges.subjectId, asked.json().id)));
    expect(audit).toMatchObject([{ fromStatus: null, toStatus: 'pending', actorId: owner.id }]);
  });

  it('asked for in parallel never take more than the balance', async () => {
    const owner = await member();
    await credit(owner.id, ['30.0000']);
    const amounts = ['30', '12.50', '20', '10', '29.99', '15', '30', '11', '18.75', '10.01', '25', '30'];
    const answers = await Promise.all(
      amounts.map((amount) => call('POST', '/api/my/ad-payouts', owner.cookie, { ...request, amount })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(amounts.length - 1);
    const rows = await t.db.select().from(adPayouts).where(eq(adPayouts.userId, owner.id));
    expect(rows).toHaveLength(1);
    const requested = toCents(rows[0]!.amount);
    expect(requested).toBeLessThanOrEqual(30_00);
    expect(await earnings(owner.cookie)).toMatchObject({
      pending: centsToAmount(requested),
      balance: centsToAmount(30_00 - requested),
    });

    // Paid, then asked again in parallel for what is left: at most the rest, and never below zero.
    await call('POST', `/api/admin/ad-payouts/${rows[0]!.id}/pay`, roles.admin.cookie, { reference: 'VM-1' });
    const later = await Promise.all(
      amounts.map((amount) => call('POST', '/api/my/ad-payouts', owner.cookie, { ...request, amount })),
    );
    const taken = later.filter((a) => a.statusCode === 201).map((a) => toCents(a.json().amount));
    expect(taken.length).toBeLessThanOrEqual(1);
    const rest = 30_00 - requested - (taken[0] ?? 0);
    expect(rest).toBeGreaterThanOrEqual(0);
    expect((await earnings(owner.cookie)).balance).toBe(centsToAmount(rest));
    for (const refused of later.filter((a) => a.statusCode !== 201)) expect([400, 409]).toContain(refused.statusCode);
  });

  it('are listed for admins by status and owner, paged, then paid with a reference or rejected with a reason', async () => {
    const owner = await member();
    await credit(owner.id, ['50.0000']);
    const first = (await call('POST', '/api/my/ad-payouts', owner.cookie, { ...request, amount: '20' })).json();
    for (const cookie of [undefined, roles.user.cookie]) {
      expect((await call('GET', '/api/admin/ad-payouts', cookie)).statusCode).toBe(cookie ? 403 : 401);
      expect((await call('POST', `/api/admin/ad-payouts/${first.id}/pay`, cookie, { reference: 'X' })).statusCode).toBe(
        cookie ? 403 : 401,
      );
      expect(
        (await call('POST', `/api/admin/ad-payouts/${first.id}/reject`, cookie, { reason: 'No' })).statusCode,
      ).toBe(cookie ? 403 : 401);
    }
    const listed = await call('GET', `/api/admin/ad-payouts?status=pending&q=${owner.username}`, roles.admin.cookie);
    expect(listed.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 25,
      items: [
        {
          id: first.id,
          amount: '20.00',
          status: 'pending',
          user: { id: owner.id, username: owner.username, email: owner.email },
        },
      ],
    });
    expect((await call('GET', '/api/admin/ad-payouts?status=owed', roles.admin.cookie)).statusCode).toBe(400);

    // Rejected with a reason: the owner sees it, the amount is theirs again, and they are mailed.
    const noReason = await call('POST', `/api/admin/ad-payouts/${first.id}/reject`, roles.admin.cookie, {});
    expect(noReason.json().message).toBe('Say why the payout is rejected: the owner sees it');
    const rejected = await call('POST', `/api/admin/ad-payouts/${first.id}/reject`, roles.admin.cookie, {
      reason: 'That Venmo account does not exist',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', note: 'That Venmo account does not exist' });
    const [notSent] = await mailsTo(owner.email, 'payout of $20.00 was not sent');
    expect(notSent!).toContain('That Venmo account does not exist');
    expect(await earnings(owner.cookie)).toMatchObject({ balance: '50.00', pending: '0.00' });

    // Asked again, paid with the reference: the owner sees it paid and is mailed.
    const second = (
      await call('POST', '/api/my/ad-payouts', owner.cookie, {
        paymentMethod: 'paypal',
        account: owner.email,
        amount: '50',
      })
    ).json();
    const noReference = await call('POST', `/api/admin/ad-payouts/${second.id}/pay`, roles.admin.cookie, {
      reference: ' ',
    });
    expect(noReference.json().message).toBe('Enter the reference of the payment you sent');
    const paid = await call('POST', `/api/admin/ad-payouts/${second.id}/pay`, roles.admin.cookie, {
      reference: 'PP-7788',
    });
    expect(paid.json()).toMatchObject({ status: 'paid', paymentReference: 'PP-7788', paidAt: expect.any(String) });
    const [sent] = await mailsTo(owner.email, 'payout of $50.00 was sent');
    expect(sent!).toContain('PP-7788');
    const mine = await earnings(owner.cookie);
    expect(mine).toMatchObject({ balance: '0.00', paidOut: '50.00', totalEarned: '50.00' });
    expect(mine.payouts.map((p) => [p.id, p.status, p.paymentReference ?? p.note])).toEqual([
      [second.id, 'paid', 'PP-7788'],
      [first.id, 'rejected', 'That Venmo account does not exist'],
    ]);

    // Decided once: paying or rejecting again changes nothing.
    const twice = await call('POST', `/api/admin/ad-payouts/${second.id}/reject`, roles.admin.cookie, {
      reason: 'Changed my mind',
    });
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      'This payout request is already paid, so it cannot be rejected now. Nothing was changed.',
    ]);
    expect(
      (await call('POST', '/api/admin/ad-payouts/2147483000/pay', roles.admin.cookie, { reference: 'X' })).statusCode,
    ).toBe(404);
    const all = await call('GET', `/api/admin/ad-payouts?q=${owner.username}&pageSize=1&page=2`, roles.admin.cookie);
    expect(all.json()).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: first.id }] });
    const audit = await t.db
      .select()
      .from(statusChanges)
      .where(and(eq(statusChanges.subject, 'ad_payout'), eq(statusChanges.subjectId, second.id)));
    expect(audit.map((a) => [a.fromStatus, a.toStatus, a.actorId, a.note])).toEqual([
      [null, 'pending', owner.id, 'Payout of $50.00 requested'],
      ['pending', 'paid', roles.admin.id, 'Paid, reference PP-7788'],
    ]);
  });

  it('paid by parallel calls is paid exactly once', async () => {
    const owner = await member();
    await credit(owner.id, ['12.0000']);
    const payout = (await call('POST', '/api/my/ad-payouts', owner.cookie, { ...request, amount: '12' })).json();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', `/api/admin/ad-payouts/${payout.id}/pay`, roles.admin.cookie, { reference: `REF-${i}` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    const [row] = await t.db.select().from(adPayouts).where(eq(adPayouts.id, payout.id));
    expect(row).toMatchObject({
      status: 'paid',
      paymentReference: winner.paymentReference,
      processedBy: roles.admin.id,
    });
    const audit = await t.db
      .select()
      .from(statusChanges)
      .where(
        and(
          eq(statusChanges.subject, 'ad_payout'),
          eq(statusChanges.subjectId, payout.id),
          like(statusChanges.note, 'Paid%'),
        ),
      );
    expect(audit).toHaveLength(1);
    await mailsTo(owner.email, 'was sent');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
    expect(await earnings(owner.cookie)).toMatchObject({ balance: '0.00', paidOut: '12.00' });
  });
});
