import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import type { LoginRedirectState } from '@/features/admin-auth/components/admin-guard';
import { LoginForm } from '@/features/admin-auth/components/login-form';
import { useAuth } from '@/lib/auth/auth-context';

export default function AdminLoginPage() {
  const { user, isAdmin, isLoading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from ?? '/admin/dashboard';

  // Covers both "already signed in" and "just signed in": navigate once the state says admin.
  useEffect(() => {
    if (!isLoading && user && isAdmin) navigate(from, { replace: true });
  }, [isLoading, user, isAdmin, from, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Seo title="Admin Login" path="/admin/login" noindex />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="font-serif text-2xl font-semibold">Admin Login</h1>
          <CardDescription>Melden Sie sich mit Ihrem Admin-Konto an.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <LoginForm />
          <p className="text-center text-sm text-muted-foreground">
            Noch kein Konto?{' '}
            <Link to="/admin/signup" className="underline">
              Konto erstellen
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
