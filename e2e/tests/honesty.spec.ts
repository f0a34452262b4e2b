import { expect, gradeCard, signUp, test } from '../fixtures.ts';

// Grades read one way everywhere, and what the screens promise comes from configuration.
// Tagged @phone: these run at a phone's size too (the phone project in playwright.config.ts).

test(
  'a card measured in half points shows each half point beside its whole grade, on the report and the certificate',
  { tag: '@phone' },
  async ({ page }) => {
    await signUp(page);
    const id = await gradeCard(page, { cardName: 'Worn Wartortle', cardSet: 'Base Set', gameBrand: 'Pokemon' }, 'worn');
    const grading = await (await page.request.get(`/api/card-gradings/${id}`)).json();
    // The generated worn card (e2e/make-photos.ts): 7 overall, measured 7.5; edges 8, measured 8.5;
    // corners a whole 7.
    expect(grading.analysis.scores).toMatchObject({ overall: 7.5, edges: 8.5 });
    expect([grading.overallGrade, grading.edgeGrade]).toEqual([7, 8]);

    await page.goto(`/card/${id}`);
    await expect(page.getByTestId('overall-grade')).toHaveText('7');
    await expect(page.getByTestId('half-point').first()).toHaveText('measured 7.5');
    const edges = page.getByTestId('category-edges');
    await expect(edges).toContainText('8/10');
    await expect(edges.getByTestId('half-point')).toHaveText('measured 8.5');
    // A whole measurement carries no half point.
    await expect(page.getByTestId('category-corners').getByTestId('half-point')).toHaveCount(0);
    // The notes speak in the same half points.
    await expect(page.getByText(/8\.5/).first()).toBeVisible();

    await page.goto(`/cert/${grading.certificateNumber}`);
    await expect(page.getByTestId('certificate-grade')).toContainText('measured 7.5');
    await expect(page.getByRole('definition').filter({ hasText: '(measured 8.5)' })).toHaveCount(1);
  },
);

test(
  "the Point Bank, the packages and the new account's points come from the server's configuration",
  { tag: '@phone' },
  async ({ page }) => {
    // e2e/start-server.mjs sells a 'Collector' package of 2,000 points for $75 besides the defaults.
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByText(/20 (free )?points/i).first()).toBeVisible();
    await signUp(page);
    await page.goto('/payment');
    await expect(page.getByText('Collector').first()).toBeVisible();
    await expect(page.getByText('$75').first()).toBeVisible();
    await page.goto('/');
    await expect(page.getByTestId('points-badge')).toContainText('20 points');
  },
);
