import { afterEach, describe, expect, it, vi } from 'vitest';
import { MY_GRADINGS_MAX_PAGE_SIZE } from '@gradelens/shared';
import { fetchAllMyGradings } from './my-gradings.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the portfolio's cards", () => {
  it('are every page of the list, followed by cursor, the largest pages the server gives', async () => {
    const urls: string[] = [];
    const pages: Record<string, { items: { id: number }[]; nextCursor: string | null }> = {
      '': { items: [{ id: 5 }, { id: 4 }], nextCursor: 'c2' },
      c2: { items: [{ id: 3 }, { id: 2 }], nextCursor: 'c3' },
      c3: { items: [{ id: 1 }], nextCursor: null },
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(`${url.pathname}${url.search}`);
      const page = pages[url.searchParams.get('cursor') ?? ''];
      return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    expect((await fetchAllMyGradings()).map((card) => card.id)).toEqual([5, 4, 3, 2, 1]);
    expect(urls).toEqual([
      `/api/my/card-gradings?limit=${MY_GRADINGS_MAX_PAGE_SIZE}`,
      `/api/my/card-gradings?cursor=c2&limit=${MY_GRADINGS_MAX_PAGE_SIZE}`,
      `/api/my/card-gradings?cursor=c3&limit=${MY_GRADINGS_MAX_PAGE_SIZE}`,
    ]);
  });

  it('fail as a whole when a page fails, so the page can offer to try again', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ items: [{ id: 2 }], nextCursor: 'c2' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
      .mockResolvedValueOnce(new Response('database unavailable', { status: 500 }));
    await expect(fetchAllMyGradings()).rejects.toThrow('500: database unavailable');
  });
});
