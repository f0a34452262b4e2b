import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast-store';
import { apiRequest } from '@/lib/api';
import { messageOf } from '@/lib/server-errors';
import { switchUser } from '@/lib/current-user';

export const logout = () => apiRequest<void>('POST', '/api/logout');

/** Sign out from anywhere (user menu, profile): home on success, docs/product.md section 8's toast and a console line on failure. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Home and signed out in one render (navigations are not transitions, main.tsx): signed
      // out first, a signed-in page's guard would see no user and send the visitor to /auth.
      void navigate('/');
      switchUser(queryClient, null);
    },
    onError: (error) => {
      console.error('Logout failed', error);
      toast({ title: 'Logout failed', description: messageOf(error), variant: 'destructive' });
    },
  });
  return { signOut: () => mutation.mutate(), isPending: mutation.isPending };
}
