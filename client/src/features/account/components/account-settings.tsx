import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordFormSchema, emailSchema, type CurrentUser } from '@gradelens/shared';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/features/auth/components/field';
import { applyServerFieldErrors, messageOf } from '@/features/auth/components/server-errors';
import { toast } from '@/features/toasts/toast-store';
import { useChangePassword } from '../api/change-password.ts';
import { useUpdateEmail } from '../api/update-email.ts';

type PasswordForm = z.infer<typeof changePasswordFormSchema>;

export function AccountSettings({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <EmailForm user={user} />
      <Card>
        <CardHeader>
          <CardTitle>Account information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">Username</dt>
            <dd className="font-medium text-slate-900">{user.username}</dd>
            <dt className="text-slate-500">Current email</dt>
            <dd className="font-medium text-slate-900" data-testid="current-email">
              {user.email || 'No email set'}
            </dd>
          </dl>
        </CardContent>
      </Card>
      <PasswordFormCard />
    </div>
  );
}

function EmailForm({ user }: { user: CurrentUser }) {
  const [email, setEmail] = useState(user.email);
  const [error, setError] = useState<string>();
  const update = useUpdateEmail();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Email updated' }),
      onError: (err) => {
        const message = messageOf(err) || 'An unknown error occurred';
        setError(message);
        toast({ title: 'Failed to update email', description: message, variant: 'destructive' });
      },
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field id="settings-email" label="Email address" type="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" disabled={email === user.email || update.isPending}>
            Update Email
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PasswordFormCard() {
  const change = useChangePassword();
  const form = useForm<PasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (answer) => {
          toast({ title: 'Password Changed', description: answer.message });
          form.reset();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword']);
          toast({ title: 'Password Change Failed', description: messageOf(error), variant: 'destructive' });
        },
      },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field id="pw-current" label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
          <Field id="pw-new" label="New password" type="password" autoComplete="new-password" error={errors.newPassword?.message} {...form.register('newPassword')} />
          <Field id="pw-confirm" label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
          <Button type="submit" disabled={!isDirty || change.isPending}>
            Change Password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
