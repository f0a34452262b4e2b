import type { CurrentUser } from '@gradelens/shared';

export interface NavLinkItem {
  to: string;
  label: string;
}

/** The header's links for each audience (docs/product.md section 2, shared layout). */
export function navLinksFor(user: CurrentUser | null): NavLinkItem[] {
  const links: NavLinkItem[] = [
    { to: '/', label: 'Home' },
    { to: '/gallery', label: 'Gallery' },
    { to: '/marketplace', label: 'Marketplace' },
    { to: '/shop', label: 'Shop' },
    { to: '/submit', label: 'Submit cards' },
  ];
  if (user)
    links.push(
      { to: '/profile', label: 'Profile' },
      { to: '/portfolio', label: 'Portfolio' },
      { to: '/payment', label: 'Buy Points' },
    );
  if (user?.isAdmin)
    links.push({ to: '/admin', label: 'Admin Dashboard' }, { to: '/card-review', label: 'Card Review' });
  return links;
}
