import { expect, gradeCard, signUp, test } from '../fixtures.ts';

test(
  'a collector lists a graded card; another makes an offer, which the seller accepts, and each sees the other’s e-mail',
  { tag: '@phone' },
  async ({ page, browser }) => {
    const seller = await signUp(page);
    const cardName = `Mewtwo ${seller.username}`;
    const id = await gradeCard(page, { cardName, cardSet: 'Base Set', gameBrand: 'Pokemon' });

    // The seller lists it from the card's page.
    await page.goto(`/card/${id}`);
    await page.getByRole('button', { name: 'List this card' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Asking price ($)').fill('249.99');
    await dialog.getByLabel('Description').fill('Nice');
    await dialog.getByLabel('City and state').fill('Reno, NV');
    await dialog.getByRole('button', { name: 'List card' }).click();
    await expect(dialog.getByText('Please provide a detailed description')).toBeVisible();
    await dialog.getByLabel('Description').fill('Pulled and sleeved at once; the report shows sharp corners.');
    await dialog.getByRole('button', { name: 'List card' }).click();
    await expect(page).toHaveURL(/\/marketplace\/\d+$/);
    const listingUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('listing-price')).toHaveText('$249.99');

    // A buyer finds it in the marketplace, reads its report and makes an offer.
    const buyerPage = await browser.newPage();
    const buyer = await signUp(buyerPage);
    await buyerPage.goto('/marketplace');
    await buyerPage.getByLabel('Search listings').fill(seller.username);
    const card = buyerPage.getByTestId('listing-card').filter({ hasText: cardName });
    await expect(card).toContainText('$249.99');
    await card.click();
    await expect(buyerPage).toHaveURL(new RegExp(`${listingUrl}$`));
    await expect(buyerPage.getByTestId('overall-grade')).toBeVisible();
    await expect
      .poll(() =>
        buyerPage
          .getByRole('img', { name: 'Front of the card' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    const offer = buyerPage.getByRole('form', { name: 'Make an offer' });
    await offer.getByRole('button', { name: 'Send offer' }).click();
    await expect(offer.getByText('Please provide required details for your offer type')).toBeVisible();
    await offer.getByLabel('Your offer ($)').fill('225');
    await offer.getByLabel('Message (optional)').fill('Can pick up in Reno this weekend.');
    await offer.getByRole('button', { name: 'Send offer' }).click();
    await expect(buyerPage.getByText('Offer sent')).toBeVisible();

    // The seller accepts it on the listing's page.
    await page.reload();
    const received = page.getByTestId('offer').filter({ hasText: buyer.username });
    await expect(received).toContainText('$225.00');
    await expect(received).toContainText('Can pick up in Reno this weekend.');
    await received.getByRole('button', { name: 'Accept' }).click();
    await expect(received.getByTestId('contact-email')).toContainText(buyer.email);
    await expect(page.getByTestId('listing-status')).toHaveText('sold');

    // The buyer sees the accepted offer, with the seller's e-mail, in the profile.
    await buyerPage.goto('/profile');
    await buyerPage.getByRole('tab', { name: 'My offers' }).click();
    const made = buyerPage.getByTestId('offer').filter({ hasText: cardName });
    await expect(made).toContainText('Accepted');
    await expect(made.getByTestId('contact-email')).toContainText(seller.email);
    await buyerPage.close();

    // Sold: off the market for everyone else.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'My listings' }).click();
    await expect(page.getByTestId('my-listing').filter({ hasText: cardName })).toContainText('sold');
  },
);
