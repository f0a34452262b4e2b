import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { FAKE_REPORT, markGraded, uploadCard } from '../../../test/support/gradings.ts';
import { pdfText, renderFirstPage } from '../../../test/support/pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const download = (cookie: string, ids: number[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portfolio/download',
    headers: { cookie },
    payload: { cards: ids.map((id) => ({ id })) },
  });

/** A card's row as the PDF prints it: name, set line, grades, date, overall grade. */
function rowOf(text: string, name: string): string[] {
  const lines = text.split(/\n|\f/);
  const start = lines.indexOf(name);
  return start === -1 ? [] : lines.slice(start, start + 5);
}

/** Pixel rows of the first page's thumbnail column (x 48..80 pt, below the summary) that are mostly picture. */
async function thumbnailPixelRows(pdf: Buffer): Promise<number> {
  const scale = 2;
  const page = await renderFirstPage(pdf, scale);
  let rows = 0;
  for (let y = 100 * scale; y < page.height; y += 1) {
    let picture = 0;
    for (let x = 48 * scale; x < 80 * scale; x += 1) {
      // The page is white and the stripes #f1f5f9: both have blue above 240; the test photos have 128.
      if (page.data[(y * page.width + x) * 4 + 2]! < 200) picture += 1;
    }
    if (picture > 0.9 * 32 * scale) rows += 1;
  }
  return rows / scale;
}

describe('POST /api/portfolio/download', () => {
  it('makes a PDF named after the user with a summary and a row per card', async () => {
    const { user } = await rolesFor(t);
    const a = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, a, { cardName: 'Blastoise', cardSet: 'Base Set', gameBrand: 'Pokemon', overallGrade: 9 });
    const b = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, b, { cardName: 'Black Lotus', cardSet: 'Alpha', gameBrand: 'Magic', overallGrade: 6 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/download',
      headers: { cookie: user.cookie },
      payload: { cards: [{ id: a }, { id: b }], userName: user.username },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${user.username}_Portfolio.pdf"`);
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(/Cards: 2\s+Average grade: 7.5\s+Highest grade: 9\s+Games: 2/);
    for (const expected of ['Blastoise', 'Base Set', 'Black Lotus', 'Alpha', 'Magic', 'Centering 8'])
      expect(text).toContain(expected);
    expect(rowOf(text, 'Blastoise').at(-1)).toBe('9');
    expect(rowOf(text, 'Black Lotus').at(-1)).toBe('6');
    // Two rows of 56 pt each carry a front thumbnail.
    expect(await thumbnailPixelRows(response.rawPayload)).toBeGreaterThanOrEqual(2 * 56 * 0.9);
  });

  it('shows the half point the engine measured beside the whole grades', async () => {
    const { user } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, id, {
      cardName: 'Half Haunter',
      overallGrade: 8,
      cornerGrade: 8,
      analysis: { ...FAKE_REPORT, scores: { overall: 8.5, centering: 8, corners: 8.5, edges: 9, surface: 9 } },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/download',
      headers: { cookie: user.cookie },
      payload: { cards: [{ id }], userName: user.username },
    });
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(/Corners 8 \(measured 8\.5\)\s+Edges 9\s/);
    expect(text).toContain('measured 8.5');
  });

  it('lists the cards in the order the page sent them and shows the average with one decimal', async () => {
    const { user } = await rolesFor(t);
    const ids: number[] = [];
    for (const cardName of ['Oldest Onix', 'Middle Mew', 'Newest Nidoran']) {
      const id = await uploadCard(t.app, user.cookie);
      await markGraded(t.db, id, { cardName, overallGrade: 8 });
      ids.push(id);
    }
    const [oldest, middle, newest] = ids as [number, number, number];
    const text = await pdfText((await download(user.cookie, [middle, oldest, newest, middle])).rawPayload);
    const order = ['Middle Mew', 'Oldest Onix', 'Newest Nidoran'].map((name) => text.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text.split('Middle Mew')).toHaveLength(2);
    expect(text).toMatch(/Cards: 3\s+Average grade: 8\.0\s+Highest grade: 8\s/);
  });

  it("never includes another user's cards, whatever the body names", async () => {
    const { user, other } = await rolesFor(t);
    const theirs = await uploadCard(t.app, other.cookie);
    await markGraded(t.db, theirs, { cardName: 'Secret Mewtwo' });
    const mine = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, mine, { cardName: 'My Eevee' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/download',
      headers: { cookie: user.cookie },
      payload: { cards: [{ id: theirs, cardName: 'Secret Mewtwo' }, { id: mine }], userName: other.username },
    });
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('My Eevee');
    expect(text).not.toContain('Secret Mewtwo');
    expect(text).toContain('Cards: 1');
    expect(response.headers['content-disposition']).toContain(`${user.username}_Portfolio.pdf`);
  });

  it('is for signed-in users only', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/portfolio/download', payload: {} })).statusCode).toBe(401);
  });
});
