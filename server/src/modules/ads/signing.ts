import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Keys of the sponsored placements, each derived from the secret that signs session cookies
 * (SESSION_SECRET, or the one kept in the database): one signs click links, one hashes guests'
 * addresses. Derived, not reused, so a value made with one can never stand for another.
 */
export interface AdKeys {
  click: Buffer;
  viewer: Buffer;
}

export function adKeysFrom(secret: string): AdKeys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`gradelens:ads:${purpose}`).digest();
  return { click: derive('click-link'), viewer: derive('viewer-address') };
}

/** The signature of an impression's click link: nobody can make one for an id by counting. */
export const clickSignature = (keys: AdKeys, impressionId: number) =>
  createHmac('sha256', keys.click).update(`impression:${impressionId}`).digest('base64url');

export function validClickSignature(keys: AdKeys, impressionId: number, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(clickSignature(keys, impressionId)), Buffer.from(signature));
}

export const clickUrlOf = (keys: AdKeys, impressionId: number) =>
  `/api/ads/click/${impressionId}?sig=${clickSignature(keys, impressionId)}`;

/**
 * Who saw an ad: 'u:<id>' for a signed-in viewer, 'a:<keyed hash of the address>' for a guest.
 * Keyed, because the addresses are few enough that a plain hash could be reversed by trying them all.
 */
export function viewerKeyOf(keys: AdKeys, userId: number | null, address: string): string {
  if (userId !== null) return `u:${userId}`;
  return `a:${createHmac('sha256', keys.viewer).update(address).digest('hex').slice(0, 32)}`;
}
