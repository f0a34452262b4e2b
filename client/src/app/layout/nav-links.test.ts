import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@gradelens/shared';
import { navLinksFor } from './nav-links.ts';

const user: CurrentUser = {
  id: 7,
  username: 'ash',
  email: 'ash@example.test',
  isAdmin: false,
  points: 20,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('header links', () => {
  it('shows guests Home, Gallery, Marketplace, Shop and Submit cards', () => {
    expect(navLinksFor(null).map((l) => l.label)).toEqual(['Home', 'Gallery', 'Marketplace', 'Shop', 'Submit cards']);
  });
  it('adds Profile, Portfolio and Buy Points for users', () => {
    expect(navLinksFor(user).map((l) => l.label)).toEqual([
      'Home',
      'Gallery',
      'Marketplace',
      'Shop',
      'Submit cards',
      'Profile',
      'Portfolio',
      'Buy Points',
    ]);
  });
  it('adds the admin pages for admins', () => {
    expect(
      navLinksFor({ ...user, isAdmin: true })
        .map((l) => l.label)
        .slice(-2),
    ).toEqual(['Admin Dashboard', 'Card Review']);
  });
});
