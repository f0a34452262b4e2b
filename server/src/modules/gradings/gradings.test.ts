import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardGradings, gradeCorrections, imageMetadata } from '../../db/schema.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { FAKE_REPORT, markGraded, uploadCard } from '../../../test/support/gradings.ts';
import { pdfText, renderFirstPage } from '../../../test/support/pdf.ts';
import { EXAMPLE_HEIC_SIZE, exampleHeic } from '../../../test/support/heic.ts';
import { jpegOf, multipart, notPhotos } from '../../../test/support/images.ts';

let t: TestApp;
let roles: Awaited<ReturnType<typeof rolesFor>>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cards.example.test' });
  roles = await rolesFor(t);
});
afterAll(async () => {
  await t.close();
});

const uploadsDir = () => path.join(t.env.DATA_DIR, 'uploads');
const send = (cookie: string | undefined, files: Parameters<typeof multipart>[0]) => {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/card-gradings/upload',
    headers: { ...(cookie ? { cookie } : {}), ...body.headers },
    payload: body.payload,
  });
};
const jpeg = async (w = 250, h = 350) => ({ data: await jpegOf(w, h), filename: 'card.jpg', type: 'image/jpeg' });

describe('POST /api/card-gradings/upload', () => {
  it('stores both photos re-encoded under random names, with their image records', async () => {
    const rotated = await sharp(await jpegOf(400, 300))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const response = await send(roles.user.cookie, {
      frontImage: { data: rotated, filename: 'IMG_1.jpg', type: 'image/jpeg' },
      backImage: await jpeg(),
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [row] = await t.db.select().from(cardGradings).where(eq(cardGradings.id, id));
    expect(row).toMatchObject({ userId: roles.user.id, overallGrade: null });
    expect(row?.frontImagePath).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const records = await t.db.select().from(imageMetadata).where(eq(imageMetadata.relatedCardId, id));
    expect(records.map((r) => r.imageType).sort()).toEqual(['back', 'front', 'front_thumbnail']);
    expect(row?.frontThumbPath).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(records.find((r) => r.imageType === 'front')?.originalFilename).toBe('IMG_1.jpg');

    const served = await t.app.inject({
      method: 'GET',
      url: row?.frontImagePath ?? '',
      headers: { cookie: roles.user.cookie },
    });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 400]);
    expect(meta.orientation).toBeUndefined();
  });

  it('asks a visitor to sign in', async () => {
    const response = await send(undefined, { frontImage: await jpeg(), backImage: await jpeg() });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please sign in to upload cards');
  });

  it.each([
    ['the back is missing', async () => send(roles.user.cookie, { frontImage: await jpeg() })],
    ['the front is missing', async () => send(roles.user.cookie, { backImage: await jpeg() })],
    [
      'the body is not a form with files',
      async () =>
        t.app.inject({
          method: 'POST',
          url: '/api/card-gradings/upload',
          headers: { cookie: roles.user.cookie },
          payload: { frontImage: 'a', backImage: 'b' },
        }),
    ],
  ])('needs both photos when %s', async (_case, request) => {
    const response = await request();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Both front and back images are required');
  });

  it('refuses a photo of more than 50 megapixels with 413, however small the file', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6500, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const response = await send(roles.user.cookie, {
      frontImage: { data: huge, filename: 'scan.png', type: 'image/png' },
      backImage: await jpeg(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/more than 50 megapixels/);
  });

  it('takes an AVIF photo whose main brand is mif1, and reads a mif1 file with a heic brand as HEIC', async () => {
    const avif = await sharp(await jpegOf(250, 350))
      .avif()
      .toBuffer();
    expect(avif.toString('latin1', 4, 12)).toBe('ftypavif');
    avif.write('mif1', 8, 'latin1');
    const accepted = await send(roles.user.cookie, {
      frontImage: { data: avif, filename: 'IMG.avif', type: 'image/avif' },
      backImage: await jpeg(),
    });
    expect(accepted.statusCode).toBe(201);

    const brands = Buffer.from('ftypmif1\0\0\0\0mif1heic', 'latin1');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 4 + brands.length]), brands, Buffer.alloc(64)]);
    const refused = await send(roles.user.cookie, {
      frontImage: { data: heic, filename: 'IMG.HEIC', type: 'image/heic' },
      backImage: await jpeg(),
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/That HEIC photo cannot be read/);
  });

  it('takes a HEIC photo from a phone and stores it as JPEG', async () => {
    const response = await send(roles.user.cookie, {
      frontImage: { data: exampleHeic, filename: 'IMG_0001.HEIC', type: 'image/heic' },
      backImage: await jpeg(),
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(cardGradings).where(eq(cardGradings.id, response.json().id));
    const served = await t.app.inject({
      method: 'GET',
      url: row?.frontImagePath ?? '',
      headers: { cookie: roles.user.cookie },
    });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', EXAMPLE_HEIC_SIZE.width, EXAMPLE_HEIC_SIZE.height]);
  });

  it('refuses an SVG named card.jpg and sent as image/jpeg with 415, naming the formats it takes', async () => {
    const [svg] = await notPhotos();
    const response = await send(roles.user.cookie, {
      frontImage: { data: svg!.data, filename: 'card.jpg', type: 'image/jpeg' },
      backImage: await jpeg(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA',
      message: 'That file is not a photo in a format we take. Send a JPEG, PNG, WebP, HEIC or AVIF photo.',
    });
  });

  it('refuses a file that is not an image, a HEIC photo and a file over 20 MB, leaving nothing behind', async () => {
    const before = readdirSync(uploadsDir()).length;
    const gradingsBefore = await t.db.$count(cardGradings, eq(cardGradings.userId, roles.other.id));
    const notImage = await send(roles.other.cookie, {
      frontImage: await jpeg(),
      backImage: { data: Buffer.from('%PDF-1.4 not a photo'), filename: 'back.pdf', type: 'application/pdf' },
    });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toMatch(/Send a JPEG, PNG, WebP, HEIC or AVIF photo/);

    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    const heicAnswer = await send(roles.other.cookie, {
      frontImage: { data: heic, filename: 'IMG.HEIC', type: 'image/heic' },
      backImage: await jpeg(),
    });
    expect(heicAnswer.statusCode).toBe(415);
    expect(heicAnswer.json().message).toMatch(/JPEG/);

    const tooLarge = await send(roles.other.cookie, {
      frontImage: await jpeg(),
      backImage: { data: Buffer.alloc(21 * 1024 * 1024, 7), filename: 'huge.jpg', type: 'image/jpeg' },
    });
    expect(tooLarge.statusCode).toBe(413);

    expect(readdirSync(uploadsDir()).length).toBe(before);
    expect(await t.db.$count(cardGradings, eq(cardGradings.userId, roles.other.id))).toBe(gradingsBefore);
  });
});

describe('PATCH /api/card-gradings/:id/metadata', () => {
  it('saves the details for the owner', async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/card-gradings/${id}/metadata`,
      headers: { cookie: roles.user.cookie },
      payload: { cardName: 'Pikachu', cardSet: 'Jungle', cardNumber: '60/64', gameBrand: 'Pokemon', year: 1999 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      cardName: 'Pikachu',
      cardSet: 'Jungle',
      cardNumber: '60/64',
      year: '1999',
    });
  });

  it("takes the spec's cardYear as the year, and year when both are sent", async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    const send = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/card-gradings/${id}/metadata`,
        headers: { cookie: roles.user.cookie },
        payload,
      });
    const base = { cardName: 'Pikachu', cardSet: 'Jungle', gameBrand: 'Pokemon' };
    expect((await send({ ...base, cardYear: '2023-24' })).json()).toMatchObject({ year: '2023-24' });
    expect((await send({ ...base, cardYear: 1999, year: '2001' })).json()).toMatchObject({ year: '2001' });
    const bad = await send({ ...base, cardYear: '99' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.year).toBe('Year must look like 1999 or 2023-24');
  });

  it.each([
    ['cardName', { cardSet: 'Jungle', gameBrand: 'Pokemon' }, 'Card name is required'],
    ['cardSet', { cardName: 'Pikachu', cardSet: '  ', gameBrand: 'Pokemon' }, 'Card set is required'],
    ['gameBrand', { cardName: 'Pikachu', cardSet: 'Jungle' }, 'Game brand is required'],
    [
      'year',
      { cardName: 'Pikachu', cardSet: 'Jungle', gameBrand: 'Pokemon', year: '99' },
      'Year must look like 1999 or 2023-24',
    ],
  ])('refuses a missing or malformed %s (%j) with "%s"', async (field, payload, message) => {
    const id = await uploadCard(t.app, roles.user.cookie);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/card-gradings/${id}/metadata`,
      headers: { cookie: roles.user.cookie },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it("answers 404 to another user and to an admin (details are the owner's), 401 to a guest", async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    const payload = { cardName: 'Mine now', cardSet: 'X', gameBrand: 'Y' };
    for (const cookie of [roles.other.cookie, roles.admin.cookie]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/card-gradings/${id}/metadata`,
        headers: { cookie },
        payload,
      });
      expect(response.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/card-gradings/${id}/metadata`, payload })).statusCode,
    ).toBe(401);
  });
});

describe('ids and flags that are not what they should be', () => {
  const details = { cardName: 'A', cardSet: 'B', gameBrand: 'C' };
  it.each([
    {
      call: 'GET /api/card-gradings/abc',
      method: 'GET',
      route: () => 'abc',
      payload: undefined,
      field: 'id',
      message: 'The id in the address must be a number, such as /card/12.',
    },
    {
      call: 'PATCH /api/card-gradings/abc/metadata',
      method: 'PATCH',
      route: () => 'abc/metadata',
      payload: details,
      field: 'id',
      message: 'The id in the address must be a number, such as /card/12.',
    },
    {
      call: 'PATCH /api/card-gradings/abc/share',
      method: 'PATCH',
      route: () => 'abc/share',
      payload: { shared: true },
      field: 'id',
      message: 'The id in the address must be a number, such as /card/12.',
    },
    {
      call: 'PATCH share with "yes"',
      method: 'PATCH',
      route: (id: number) => `${id}/share`,
      payload: { shared: 'yes' },
      field: 'shared',
      message: 'shared must be true or false',
    },
    {
      call: 'PATCH share with no flag',
      method: 'PATCH',
      route: (id: number) => `${id}/share`,
      payload: {},
      field: 'shared',
      message: 'shared must be true or false',
    },
  ])('$call answers 400 with "$message"', async ({ method, route, payload, field, message }) => {
    const id = await uploadCard(t.app, roles.user.cookie);
    const response = await t.app.inject({
      method: method as 'GET' | 'PATCH',
      url: `/api/card-gradings/${route(id)}`,
      headers: { cookie: roles.user.cookie },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });
});

describe('POST /api/card-gradings/:id/analyze on a server without the grading engine', () => {
  it('answers 503 with Retry-After and charges nothing', async () => {
    const { user } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/card-gradings/${id}/analyze`,
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const points = await t.app.inject({ method: 'GET', url: '/api/user/points', headers: { cookie: user.cookie } });
    expect(points.json().points).toBe(20);
  });
});

describe('GET /api/card-gradings/:id and /api/my/card-gradings', () => {
  it('shows a private grading to its owner and admins only; others get 404', async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    const get = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: `/api/card-gradings/${id}`, headers: cookie ? { cookie } : {} });
    expect((await get(roles.user.cookie)).statusCode).toBe(200);
    expect((await get(roles.admin.cookie)).statusCode).toBe(200);
    expect((await get(roles.other.cookie)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/card-gradings/99999999' })).statusCode).toBe(404);
  });

  it("lists a user's own gradings, newest first, and nobody else's", async () => {
    const { user, other } = await rolesFor(t);
    const first = await uploadCard(t.app, user.cookie);
    const second = await uploadCard(t.app, user.cookie);
    await uploadCard(t.app, other.cookie);
    const mine = await t.app.inject({ method: 'GET', url: '/api/my/card-gradings', headers: { cookie: user.cookie } });
    expect(mine.json().items.map((g: { id: number }) => g.id)).toEqual([second, first]);
    expect(mine.json().nextCursor).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/my/card-gradings' })).statusCode).toBe(401);
  });
});

describe('sharing and the gallery', () => {
  it('lets the owner share a graded card, shows it to anyone, and hides it again on unshare', async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    const share = (cookie: string, shared: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/card-gradings/${id}/share`,
        headers: { cookie },
        payload: { shared },
      });
    expect((await share(roles.user.cookie, true)).statusCode).toBe(409);
    await markGraded(t.db, id);
    expect((await share(roles.other.cookie, true)).statusCode).toBe(404);
    expect((await share(roles.admin.cookie, true)).statusCode).toBe(404);
    const shared = await share(roles.user.cookie, true);
    expect(shared.json()).toMatchObject({ id, shared: true });

    expect((await t.app.inject({ method: 'GET', url: `/api/card-gradings/${id}` })).statusCode).toBe(200);
    const gallery = await t.app.inject({ method: 'GET', url: '/api/gallery?pageSize=60' });
    expect(gallery.json().items[0]).toMatchObject({ id, ownerName: roles.user.username });

    await share(roles.user.cookie, false);
    expect((await t.app.inject({ method: 'GET', url: `/api/card-gradings/${id}` })).statusCode).toBe(404);
    const after = await t.app.inject({ method: 'GET', url: '/api/gallery?pageSize=60' });
    expect(after.json().items.map((g: { id: number }) => g.id)).not.toContain(id);
  });

  it('pages the gallery, newest share first', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await uploadCard(t.app, roles.other.cookie);
      await markGraded(t.db, id);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/card-gradings/${id}/share`,
        headers: { cookie: roles.other.cookie },
        payload: { shared: true },
      });
      ids.push(id);
    }
    const page1 = (await t.app.inject({ method: 'GET', url: '/api/gallery?page=1&pageSize=2' })).json();
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/gallery?page=2&pageSize=2' })).json();
    expect(page1.items.map((g: { id: number }) => g.id)).toEqual([ids[2], ids[1]]);
    expect(page2.items[0].id).toBe(ids[0]);
    expect(page1.total).toBeGreaterThanOrEqual(3);
  });
});

const certificateOf = async (id: number) => {
  const [row] = await t.db
    .select({ code: cardGradings.certificateCode })
    .from(cardGradings)
    .where(eq(cardGradings.id, id));
  return `GL-${String(id).padStart(8, '0')}-${row!.code}`;
};

describe('GET /api/card-gradings/:id/label', () => {
  it('renders a PDF label whose QR code opens the certificate page, shared or not', async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    await markGraded(t.db, id, { overallGrade: 9 });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/card-gradings/${id}/label`,
      headers: { cookie: roles.user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');

    const number = await certificateOf(id);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'GRADELENS',
      'Charizard',
      '#4/102',
      'Base Set',
      '1999 Pokemon',
      'MINT',
      number,
      'Centering:',
      'Surface:',
    ]) {
      expect(text).toContain(expected);
    }
    const page = await renderFirstPage(response.rawPayload, 200 / 72);
    const qr = jsQR(page.data, page.width, page.height);
    expect(qr?.data).toBe(`https://cards.example.test/cert/${number}`);
    // The grading is not shared, and the QR code's page opens for anyone.
    const cert = await t.app.inject({ method: 'GET', url: `/api/certificates/${number}` });
    expect(cert.json()).toMatchObject({ certificateNumber: number, overallGrade: 9, cardName: 'Charizard' });
  });

  it('says Not measured for centering the engine could not measure, never a number', async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    await markGraded(t.db, id, { centeringGrade: null });
    const label = await t.app.inject({
      method: 'GET',
      url: `/api/card-gradings/${id}/label`,
      headers: { cookie: roles.user.cookie },
    });
    expect(await pdfText(label.rawPayload)).toMatch(/Centering:\s*Not measured/);
    const grading = await t.app.inject({
      method: 'GET',
      url: `/api/card-gradings/${id}`,
      headers: { cookie: roles.user.cookie },
    });
    expect(grading.json()).toMatchObject({ centeringGrade: null, overallGrade: 8 });
  });

  it('shows the half point the engine measured beside each whole grade, and none once a grader corrected it', async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    await markGraded(t.db, id, {
      overallGrade: 8,
      cornerGrade: 8,
      analysis: { ...FAKE_REPORT, scores: { overall: 8.5, centering: 9, corners: 8.5, edges: 9, surface: 9 } },
    });
    const label = async () =>
      pdfText(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/card-gradings/${id}/label`,
            headers: { cookie: roles.user.cookie },
          })
        ).rawPayload,
      );
    const measured = await label();
    expect(measured).toMatch(/Corners:\s*8 \(8\.5\)/);
    expect(measured).toMatch(/Edges:\s*9(?! \()/);
    expect(measured).toContain('MEASURED 8.5');
    expect(measured).toContain('In brackets: the half point measured.');
    const certificate = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/certificates/${await certificateOf(id)}` })).json().measured;
    expect(await certificate()).toEqual({ overall: 8.5, centering: null, corners: 8.5, edges: null, surface: null });
    await t.db.insert(gradeCorrections).values({
      cardGradingId: id,
      adminId: roles.admin.id,
      oldValues: { cornerGrade: 8 },
      newValues: { cornerGrade: 8, notes: 'Checked by hand' },
    });
    const corrected = await label();
    expect(corrected).toMatch(/Corners:\s*8(?! \()/);
    expect(corrected).not.toContain('MEASURED');
    expect(corrected).not.toContain('In brackets');
    expect(await certificate()).toEqual({ overall: null, centering: null, corners: null, edges: null, surface: null });
  });

  it("points the QR code at the server's own address, never at a Host header the request made up", async () => {
    const local = await createTestApp({ PORT: '5123', TRUST_PROXY: 'true' }, t.database);
    try {
      const id = await uploadCard(t.app, roles.user.cookie);
      await markGraded(t.db, id, { sharedAt: new Date() });
      const response = await local.app.inject({
        method: 'GET',
        url: `/api/card-gradings/${id}/label`,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      const page = await renderFirstPage(response.rawPayload, 200 / 72);
      expect(jsQR(page.data, page.width, page.height)?.data).toBe(
        `http://localhost:5123/cert/${await certificateOf(id)}`,
      );
    } finally {
      await local.close();
    }
  });

  it('explains that an ungraded card has no label yet, and hides private labels from others', async () => {
    const id = await uploadCard(t.app, roles.user.cookie);
    const ungraded = await t.app.inject({
      method: 'GET',
      url: `/api/card-gradings/${id}/label`,
      headers: { cookie: roles.user.cookie },
    });
    expect(ungraded.statusCode).toBe(409);
    expect(ungraded.json().message).toMatch(/not been graded yet/);
    await markGraded(t.db, id);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/card-gradings/${id}/label`,
          headers: { cookie: roles.other.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });
});
