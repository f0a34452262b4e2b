import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers like eBay's OAuth and Marketplace Insights endpoints:
 * the same paths, headers and JSON shapes, with sales chosen by the search words.
 */
export async function startFakeEbay(credentials = { id: 'test-client', secret: 'test-secret' }) {
  const requests: { path: string; query: URLSearchParams }[] = [];
  const token = 'v^1.1#fake-app-token';
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ path: url.pathname, query: url.searchParams });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/identity/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${credentials.id}:${credentials.secret}`).toString('base64')}`;
      const form = new URLSearchParams(await readBody(req));
      if (req.headers.authorization !== expected || form.get('grant_type') !== 'client_credentials') {
        return json(401, { error: 'invalid_client', error_description: 'client authentication failed' });
      }
      return json(200, { access_token: token, expires_in: 7200, token_type: 'Application Access Token' });
    }
    if (req.method === 'GET' && url.pathname === '/buy/marketplace_insights/v1_beta/item_sales/search') {
      if (req.headers.authorization !== `Bearer ${token}`)
        return json(401, { errors: [{ errorId: 1001, message: 'Invalid access token' }] });
      const q = url.searchParams.get('q') ?? '';
      if (/server-error/i.test(q))
        return json(500, {
          errors: [{ errorId: 10000, message: 'There was a problem with an eBay internal system or process.' }],
        });
      if (/nothing-sold/i.test(q)) return json(200, { href: url.href, total: 0, itemSales: [] });
      return json(200, {
        href: url.href,
        total: 6,
        itemSales: [
          sale('Charizard Base Set 4/102 Holo Rare', '300.00'),
          sale('Charizard Base Set Unlimited Holo 4/102 LP', '260.00'),
          sale('Charizard 4/102 Base Set', '280.00'),
          sale('PSA 9 Charizard Base Set Holo', '2400.00'),
          sale('Charizard Base Set BGS 8.5', '1600.00'),
          sale('PSA 5 Charizard Base Set', '700.00'),
        ],
      });
    }
    json(404, { errors: [{ errorId: 2002, message: 'Resource not found' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    searches: () => requests.filter((r) => r.path.endsWith('/item_sales/search')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function sale(title: string, value: string) {
  return {
    itemId: `v1|${Math.floor(Math.random() * 1e12)}|0`,
    title,
    lastSoldPrice: { value, currency: 'USD' },
    lastSoldDate: '2026-11-01T12:00:00.000Z',
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
