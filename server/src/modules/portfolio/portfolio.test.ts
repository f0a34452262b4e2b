import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { markGraded, uploadCard } from '../../../test/support/gradings.ts';
import { pdfText } from '../../../test/support/pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/portfolio/download', () => {
  it("makes a PDF named after the user with a summary and a row per card", async () => {
    const { user } = await rolesFor(t);
    const a = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, a, { cardName: 'Blastoise', cardSet: 'Base Set', gameBrand: 'Pokemon', overallGrade: 9 });
    const b = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, b, { cardName: 'Black Lotus', cardSet: 'Alpha', gameBrand: 'Magic', overallGrade: 6 });
    const response = await t.app.inject({ method: 'POST', url: '/api/portfolio/download', headers: { cookie: user.cookie }, payload: { cards: [{ id: a }, { id: b }], userName: user.username } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${user.username}_Portfolio.pdf"`);
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(/Cards: 2\s+Average grade: 7.5\s+Highest grade: 9\s+Games: 2/);
    for (const expected of ['Blastoise', 'Base Set', 'Black Lotus', 'Alpha', 'Magic', 'Centering 8']) expect(text).toContain(expected);
  });

  it("never includes another user's cards, whatever the body names", async () => {
    const { user, other } = await rolesFor(t);
    const theirs = await uploadCard(t.app, other.cookie);
    await markGraded(t.db, theirs, { cardName: 'Secret Mewtwo' });
    const mine = await uploadCard(t.app, user.cookie);
    await markGraded(t.db, mine, { cardName: 'My Eevee' });
    const response = await t.app.inject({ method: 'POST', url: '/api/portfolio/download', headers: { cookie: user.cookie }, payload: { cards: [{ id: theirs, cardName: 'Secret Mewtwo' }, { id: mine }], userName: other.username } });
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
