import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { registerSchema, type RegisterInput } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';
import { useRegister } from '../api/register.ts';
import { returnPath } from '../return-path.ts';
import { Field } from '@/components/field';
import { applyServerFieldErrors, messageOf } from '@/lib/server-errors';

export function RegisterForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const register = useRegister();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: () => navigate(returnPath(location.state), { replace: true }),
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['username', 'email', 'password', 'confirmPassword']);
        toast({ title: 'Registration failed', description: messageOf(error), variant: 'destructive' });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        id="register-username"
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Field
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Field
        id="register-confirm"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
