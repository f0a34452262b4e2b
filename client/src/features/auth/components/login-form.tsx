import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';
import { useLogin } from '../api/login.ts';
import { returnPath } from '../return-path.ts';
import { Field } from '@/components/field';
import { applyServerFieldErrors, messageOf } from '@/lib/server-errors';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { emailOrUsername: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => navigate(returnPath(location.state), { replace: true }),
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['emailOrUsername', 'password']);
        toast({ title: 'Login failed', description: messageOf(error), variant: 'destructive' });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        id="login-name"
        label="Email or username"
        autoComplete="username"
        error={errors.emailOrUsername?.message}
        {...form.register('emailOrUsername')}
      />
      <Field
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex justify-end">
        <Link to="/forgot-password" className="text-sm font-medium text-brand-600 hover:underline">
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
