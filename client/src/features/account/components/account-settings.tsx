import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  changePasswordFormSchema,
  updateEmailSchema,
  type CurrentUser,
  type UpdateEmailInput,
} from '@gradelens/shared';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/field';
import { applyServerFieldErrors, messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useChangePassword } from '../api/change-password.ts';
import { useUpdateEmail } from '../api/update-email.ts';

type PasswordForm = z.infer<typeof changePasswordFormSchema>;

export function AccountSettings({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      <EmailForm user={user} />
      <Card>
        <CardHeader>
          <CardTitle>Account information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">Username</dt>
            <dd className="break-all font-medium text-slate-900">{user.username}</dd>
            <dt className="text-slate-500">Current email</dt>
            <dd className="break-all font-medium text-slate-900" data-testid="current-email">
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
  const update = useUpdateEmail();
  const form = useForm<UpdateEmailInput>({
    resolver: zodResolver(updateEmailSchema),
    defaultValues: { email: user.email, currentPassword: '' },
  });
  const { errors } = form.formState;
  const [email, currentPassword] = useWatch({ control: form.control, name: ['email', 'currentPassword'] });
  const changed = email.trim().toLowerCase() !== user.email.toLowerCase();
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (updated) => {
        toast({ title: 'Email updated' });
        form.reset({ email: updated.email, currentPassword: '' });
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['email', 'currentPassword']);
        toast({
          title: 'Failed to update email',
          description: messageOf(error) || 'An unknown error occurred',
          variant: 'destructive',
        });
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label="Change email" className="space-y-4">
          <Field
            id="settings-email"
            label="Email address"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Field
            id="settings-email-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <Button type="submit" disabled={!changed || !currentPassword || update.isPending}>
            Update Email
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PasswordFormCard() {
  const change = useChangePassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
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
        <form noValidate onSubmit={submit} aria-label="Change password" className="space-y-4">
          <Field
            id="pw-current"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <Field
            id="pw-new"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <Field
            id="pw-confirm"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" disabled={!isDirty || change.isPending}>
            Change Password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
