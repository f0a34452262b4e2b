import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { forgotPasswordSchema, resetPasswordFormSchema } from '@gradelens/shared';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRequestReset, useResetPassword } from '@/features/account/api/password-reset';
import { Field } from '@/components/field';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/page-title';

/** Step 1 asks for the email; step 2 (from the mailed link, or a token in the answer) sets the password. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get('token') ?? '');
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">{token ? 'Choose a new password' : 'Forgot password'}</CardTitle>
          <CardDescription>
            {token
              ? 'Enter your new password twice.'
              : "Enter your account's email and we will send you a link to reset your password."}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {token ? <ResetStep token={token} /> : <RequestStep onToken={setToken} />}
          <Link to="/auth" className="block text-center text-sm font-medium text-brand-600 hover:underline">
            Back to Login
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

function RequestStep({ onToken }: { onToken: (t: string) => void }) {
  const request = useRequestReset();
  const form = useForm<z.infer<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: (answer) => {
        toast({ title: 'Password Reset Requested', description: answer.message });
        if (answer.token) onToken(answer.token);
      },
      onError: (error) =>
        toast({ title: 'Password Reset Failed', description: messageOf(error), variant: 'destructive' }),
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" disabled={request.isPending}>
        Request Password Reset
      </Button>
      {request.isSuccess && <p className="text-sm text-slate-600">{request.data.message}</p>}
    </form>
  );
}

function ResetStep({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<z.infer<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    reset.mutate(
      { token: values.token, password: values.password },
      {
        onSuccess: (answer) => {
          toast({ title: 'Password Reset Successful', description: answer.message });
          navigate('/auth');
        },
        onError: (error) =>
          toast({ title: 'Password Reset Failed', description: messageOf(error), variant: 'destructive' }),
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id="reset-token" label="Reset token" readOnly error={errors.token?.message} {...form.register('token')} />
      <Field
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Field
        id="reset-confirm"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        Reset Password
      </Button>
    </form>
  );
}
