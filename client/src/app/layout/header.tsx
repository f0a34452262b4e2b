import { Menu, ScanSearch, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BRAND, TAGLINE } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import { returnState } from '@/features/auth/return-path';
import { cn } from '@/lib/utils';
import { navLinksFor } from './nav-links.ts';

// Only signed-in visitors have the menu (and its dropdown code).
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

export function Brand() {
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white">
        <ScanSearch className="size-5" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="text-lg font-bold tracking-tight text-slate-900">{BRAND}</span>
        {/* docs/product.md section 1: the header shows the tagline; it wraps beside the nav, and only the narrowest phones leave it out. */}
        <span className="hidden text-[11px] text-slate-500 min-[360px]:block sm:text-xs">{TAGLINE}</span>
      </span>
    </Link>
  );
}

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const links = navLinksFor(user);
  // Guests have five links, users eight and admins ten: each keeps the menu button until the
  // links fit beside the brand and its tagline.
  const wide = user?.isAdmin
    ? { nav: '2xl:flex', menu: '2xl:hidden' }
    : user
      ? { nav: 'xl:flex', menu: 'xl:hidden' }
      : { nav: 'lg:flex', menu: 'lg:hidden' };
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Main" className={cn('hidden shrink-0 items-center gap-1', wide.nav)}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          {!isLoading &&
            (user ? (
              <Suspense fallback={<span className="size-9" />}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              <Button asChild size="sm">
                <Link to="/auth" state={returnState(location)}>
                  Sign In
                </Link>
              </Button>
            ))}
          <Button
            variant="ghost"
            size="icon"
            className={wide.menu}
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {open && (
        <nav aria-label="Mobile" className={cn('border-t border-slate-200 bg-white px-4 py-2', wide.menu)}>
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) => cn(linkClass({ isActive }), 'block')}
              onClick={() => setOpen(false)}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
      )}
    </header>
  );
}
