import { throwIfNotOk } from '@/lib/api';

/** Asks the server for the PDF of these cards (it keeps only the user's own) and saves it. */
export async function downloadPortfolio(cards: { id: number }[], userName: string): Promise<void> {
  const response = await fetch('/api/portfolio/download', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ cards: cards.map((c) => ({ id: c.id })), userName }),
  });
  await throwIfNotOk(response);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `${userName}_Portfolio.pdf` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
