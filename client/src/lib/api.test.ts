import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getOrNullOn401 } from './api.ts';

const respond = (status: number, body: string, type = 'application/json') =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status, headers: { 'content-type': type } }));

afterEach(() => vi.restoreAllMocks());

describe('the API client', () => {
  it("turns an error answer into 'status: message' and keeps the fields", async () => {
    respond(
      409,
      JSON.stringify({ message: 'That username is already taken.', code: 'CONFLICT', fields: { username: 'taken' } }),
    );
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: That username is already taken.');
    expect((error as ApiError).fields).toEqual({ username: 'taken' });
    expect((error as ApiError).serverMessage).toBe('That username is already taken.');
  });

  it('uses the plain text of a non-JSON error, or the status text when empty', async () => {
    respond(502, 'Bad gateway from proxy', 'text/plain');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad gateway from proxy');
  });

  it('sends cookies and JSON', async () => {
    const fetch = respond(200, '{"ok":true}');
    await apiRequest('POST', '/api/login', { a: 1 });
    expect(fetch).toHaveBeenCalledWith(
      '/api/login',
      expect.objectContaining({ credentials: 'include', body: '{"a":1}' }),
    );
  });

  it('answers null on 401 where the spec says empty', async () => {
    respond(401, '{"message":"Please sign in"}');
    expect(await getOrNullOn401('/api/user')).toBeNull();
  });
});
