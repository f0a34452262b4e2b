import { useSearchParams } from 'react-router';
import { SIGNUP_BONUS_POINTS } from '@gradelens/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LoginForm } from '@/features/auth/components/login-form';
import { PointBankCard } from '@/components/point-bank-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { usePageTitle } from '@/lib/page-title';

/** /auth opens the Login tab; /auth?tab=register (the guest banner's Sign Up Now) opens Register. */
export function AuthPage() {
  usePageTitle('Sign In');
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'register' ? 'register' : 'login';
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1fr_320px]">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Welcome to GradeLens</CardTitle>
          <CardDescription>
            Sign in to save your grades, or create an account with {SIGNUP_BONUS_POINTS} free points.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs key={tab} defaultValue={tab}>
            <TabsList className="w-full">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <PointBankCard />
    </div>
  );
}
