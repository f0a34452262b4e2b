import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { markGraded, uploadCard } from '../../../test/support/gradings.ts';

let t: TestApp;
let roles: Awaited<ReturnType<typeof rolesFor>>;
beforeAll(async () => {
  t = await createTestApp();
  roles = await rolesFor(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function sharedCard(): Promise<number> {
  const id = await uploadCard(t.app, roles.user.cookie);
  await markGraded(t.db, id);
  const shared = await t.app.inject({
    method: 'PATCH',
    url: `/api/card-gradings/${id}/share`,
    headers: { cookie: roles.user.cookie },
    payload: { shared: true },
  });
  expect(shared.statusCode).toBe(200);
  return id;
}

describe("the owner's account id", () => {
  it('is nowhere in the gallery, whoever asks; the owner is shown by name', async () => {
    const id = await sharedCard();
    for (const cookie of [undefined, roles.other.cookie, roles.user.cookie, roles.admin.cookie]) {
      const gallery = await get('/api/gallery?pageSize=60', cookie);
      expect(gallery.statusCode).toBe(200);
      expect(gallery.body).not.toContain('userId');
      expect(gallery.json().items.find((g: { id: number }) => g.id === id)).toMatchObject({
        ownerName: roles.user.username,
      });
    }
  });

  it('is not in a shared grading seen by a guest or another user, and is for its owner and admins', async () => {
    const id = await sharedCard();
    for (const cookie of [undefined, roles.other.cookie]) {
      const seen = await get(`/api/card-gradings/${id}`, cookie);
      expect(seen.statusCode).toBe(200);
      expect(seen.body).not.toContain('userId');
    }
    for (const cookie of [roles.user.cookie, roles.admin.cookie]) {
      expect((await get(`/api/card-gradings/${id}`, cookie)).json()).toMatchObject({ id, userId: roles.user.id });
    }
    const review = await get(`/api/admin/card-gradings?userId=${roles.user.id}`, roles.admin.cookie);
    expect(review.json().items.find((g: { id: number }) => g.id === id)).toMatchObject({ userId: roles.user.id });
  });
});
