import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { SignUpForm } from '@/features/admin-auth/components/sign-up-form';

export default function AdminSignupPage() {
  const navigate = useNavigate();
  // An invitation's link: /admin/signup?email=…
  const [params] = useSearchParams();
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Seo title="Konto erstellen" path="/admin/signup" noindex />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="font-serif text-2xl font-semibold">Konto erstellen</h1>
          <CardDescription>Sie erhalten eine E-Mail, mit der Sie Ihr Konto bestätigen.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <SignUpForm email={params.get('email') ?? ''} onSignedUp={() => navigate('/admin/login')} />
          <p className="text-center text-sm text-muted-foreground">
            Sie haben bereits ein Konto?{' '}
            <Link to="/admin/login" className="underline">
              Anmelden
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
