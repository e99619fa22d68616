import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { authErrorMessage, linkErrorMessage } from '@/lib/auth/auth-error-message';
import { NotAdminError, signInAsAdmin } from '../api/sign-in';
import { loginSchema, type LoginValues } from '../schema';
import { AuthForm } from './auth-form';

const UNKNOWN_LOGIN_ERROR = 'Ein unbekannter Fehler ist während des Logins aufgetreten';

/**
 * A confirmation link that failed lands here with GoTrue's English error in the fragment: say
 * it in German, and drop the fragment so a reload does not repeat it.
 */
function useLinkError(setError: UseFormSetError<LoginValues>) {
  const location = useLocation();
  const navigate = useNavigate();
  const message = linkErrorMessage(location.hash);
  useEffect(() => {
    if (!message) return;
    setError('root', { message });
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
  }, [message, setError, navigate, location.pathname, location.search, location.state]);
}

/**
 * E-mail and password sign-in. On success it only announces it: the page navigates once the
 * auth state says "admin", so navigation never races the state update.
 */
export function LoginForm() {
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  useLinkError(form.setError);

  async function onSubmit(values: LoginValues) {
    try {
      await signInAsAdmin(values.email, values.password);
      toast({ title: 'Login erfolgreich', description: 'Willkommen im Admin-Dashboard' });
    } catch (error) {
      if (error instanceof NotAdminError) {
        toast({
          title: 'Zugriff verweigert',
          description: 'Ihr Konto hat keine Admin-Berechtigungen',
          variant: 'destructive',
        });
        form.setError('root', { message: error.message });
        return;
      }
      const message = authErrorMessage(error, UNKNOWN_LOGIN_ERROR);
      toast({ title: 'Authentifizierungsfehler', description: message, variant: 'destructive' });
      form.setError('root', { message });
    }
  }

  return (
    <AuthForm form={form} onSubmit={onSubmit} submitLabel="Anmelden" busyLabel="Anmeldung läuft…">
      <TextField control={form.control} name="email" label="E-Mail" type="email" autoComplete="email" />
      <TextField
        control={form.control}
        name="password"
        label="Passwort"
        type="password"
        autoComplete="current-password"
      />
      {form.formState.errors.root ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {form.formState.errors.root.message}
        </p>
      ) : null}
    </AuthForm>
  );
}
