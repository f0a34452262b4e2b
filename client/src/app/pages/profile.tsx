import { useRef } from 'react';
import { PHOTO_ACCEPT } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUploadProfilePicture } from '@/features/account/api/profile-picture';
import { AccountSettings } from '@/features/account/components/account-settings';
import { GradingHistory } from '@/features/grading/components/grading-history';
import { PointsHistory } from '@/features/account/components/points-history';
import { useCurrentUser } from '@/lib/current-user';
import { useSignOut } from '@/features/auth/api/logout';
import { MyOrders } from '@/features/shop/components/my-orders';
import { MyListings, MyOffers } from '@/features/marketplace/components/my-market';
import { MySubmissions } from '@/features/in-person/components/my-submissions';
import { MyAdEarnings } from '@/features/ads/components/ad-earnings';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast-store';
import { Avatar } from '../layout/user-menu.tsx';
import { usePageTitle } from '@/lib/page-title';

export function ProfilePage() {
  usePageTitle('Profile');
  const { user } = useCurrentUser();
  const { signOut, isPending: signingOut } = useSignOut();
  const picture = useUploadProfilePicture();
  const fileInput = useRef<HTMLInputElement>(null);
  if (!user) return null;
  const memberSince = new Date(user.createdAt).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[260px_1fr]">
      <aside className="flex min-w-0 flex-col items-center gap-3 self-start rounded-xl border border-slate-200 bg-white p-6 text-center">
        <button
          type="button"
          aria-label="Change profile picture"
          className="rounded-full focus-visible:ring-2 focus-visible:ring-brand-500"
          onClick={() => fileInput.current?.click()}
        >
          <Avatar user={user} size="lg" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={PHOTO_ACCEPT}
          className="sr-only"
          data-testid="profile-picture-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            picture.mutate(file, {
              onSuccess: () => toast({ title: 'Profile picture updated' }),
              onError: (error) =>
                toast({
                  title: 'Failed to update profile picture',
                  description: error instanceof ApiError ? error.serverMessage : 'Failed to upload profile picture',
                  variant: 'destructive',
                }),
            });
          }}
        />
        <h1 className="max-w-full break-all text-xl font-bold text-slate-900">{user.username}</h1>
        <dl className="text-sm text-slate-600">
          <div>
            <dt className="inline">Account ID </dt>
            <dd className="inline font-medium text-slate-900">{user.id}</dd>
          </div>
          <div>
            <dt className="inline">Member Since </dt>
            <dd className="inline font-medium text-slate-900">{memberSince}</dd>
          </div>
          <div>
            <dt className="inline">Points </dt>
            <dd className="inline font-medium text-slate-900">{user.points}</dd>
          </div>
        </dl>
        <Button variant="outline" className="w-full" disabled={signingOut} onClick={signOut}>
          Sign Out
        </Button>
      </aside>
      {/* min-w-0: a grid item is otherwise as wide as its widest content (a long email, the points table). */}
      <Tabs defaultValue="history" className="min-w-0">
        <TabsList>
          <TabsTrigger value="history">Grading History</TabsTrigger>
          <TabsTrigger value="settings">Account Settings</TabsTrigger>
          <TabsTrigger value="points">Points</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="submissions">My submissions</TabsTrigger>
          <TabsTrigger value="earnings">Earnings</TabsTrigger>
          <TabsTrigger value="listings">My listings</TabsTrigger>
          <TabsTrigger value="offers">My offers</TabsTrigger>
        </TabsList>
        <TabsContent value="history">
          <GradingHistory />
        </TabsContent>
        <TabsContent value="settings">
          <AccountSettings user={user} />
        </TabsContent>
        <TabsContent value="orders">
          <MyOrders />
        </TabsContent>
        <TabsContent value="points">
          <PointsHistory />
        </TabsContent>
        <TabsContent value="listings">
          <MyListings />
        </TabsContent>
        <TabsContent value="offers">
          <MyOffers />
        </TabsContent>
        <TabsContent value="submissions">
          <MySubmissions />
        </TabsContent>
        <TabsContent value="earnings">
          <MyAdEarnings />
        </TabsContent>
      </Tabs>
    </div>
  );
}
