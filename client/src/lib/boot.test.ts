import { describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID } from '@gradelens/shared';
import { seedFromBoot } from './boot.ts';
import { currentUserKey } from './current-user.ts';
import { createQueryClient } from './query-client.ts';

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const element = doc.createElement('script');
    element.type = 'application/json';
    element.id = BOOT_ELEMENT_ID;
    element.textContent = json;
    doc.body.append(element);
  }
  return doc;
}

describe('what the server wrote into the page', () => {
  const user = { id: 3, username: 'misty', email: 'm@example.com', isAdmin: false, points: 20, createdAt: 'x' };

  it('seeds the signed-in user, or null for a guest, so the header needs no call', () => {
    const client = createQueryClient();
    seedFromBoot(client, pageWith(JSON.stringify({ user })));
    expect(client.getQueryData(currentUserKey)).toEqual(user);
    const guest = createQueryClient();
    seedFromBoot(guest, pageWith('{"user":null}'));
    expect(guest.getQueryState(currentUserKey)?.status).toBe('success');
    expect(guest.getQueryData(currentUserKey)).toBeNull();
  });

  it('leaves the cache empty (the header asks) when the element is missing, damaged or not a user', () => {
    for (const json of [null, '{not json', '{"user":{"name":"x"}}', '{}']) {
      const client = createQueryClient();
      seedFromBoot(client, pageWith(json));
      expect(client.getQueryState(currentUserKey)).toBeUndefined();
    }
  });
});
