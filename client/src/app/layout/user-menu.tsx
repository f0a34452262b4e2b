import { ClipboardCheck, Coins, LayoutDashboard, LogOut, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@gradelens/shared';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '@/features/auth/api/logout';

export function Avatar({ user, size = 'md' }: { user: CurrentUser; size?: 'md' | 'lg' }) {
  const dimension = size === 'lg' ? 'size-20 text-3xl' : 'size-9 text-sm';
  return user.profilePicturePath ? (
    <img src={user.profilePicturePath} alt="" className={`${dimension} rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${dimension} flex items-center justify-center rounded-full bg-brand-600 font-semibold text-white`}
    >
      {user.username.charAt(0).toUpperCase()}
    </span>
  );
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const { signOut } = useSignOut();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Avatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="font-semibold text-slate-900">{user.username}</p>
          <p className="text-xs text-slate-500">ID: {user.id}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <User /> My Account
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/payment')}>
          <Coins /> Buy Points
        </DropdownMenuItem>
        {user.isAdmin && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => navigate('/admin')}>
              <LayoutDashboard /> Admin Dashboard
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate('/card-review')}>
              <ClipboardCheck /> Card Review
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOut}>
          <LogOut /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
