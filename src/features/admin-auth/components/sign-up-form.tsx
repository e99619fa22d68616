import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { authErrorMessage } from '@/lib/auth/auth-error-message';
import { signUp } from '../api/sign-up';
import { signUpSchema, type SignUpValues } from '../schema';
import { AuthForm } from './auth-form';

const PASSWORD_MISMATCH = 'Die Passwörter stimmen nicht überein';

/**
 * Account sign-up (in German, see docs/deviations.md). The account needs e-mail confirmation.
 * `email` prefills the address (the link of an admin invitation carries it).
 */
export function SignUpForm({ onSignedUp, email = '' }: { onSignedUp: () => void; email?: string }) {
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email, password: '', confirmPassword: '' },
  });

  async function onSubmit(values: SignUpValues) {
    if (values.password !== values.confirmPassword) {
      toast({
        title: PASSWORD_MISMATCH,
        description: 'Bitte geben Sie zweimal dasselbe Passwort ein.',
        variant: 'destructive',
      });
      form.setError('confirmPassword', { message: PASSWORD_MISMATCH });
      return;
    }
    try {
      await signUp(values.email, values.password);
      toast({
        title: 'Konto erstellt',
        description: 'Bitte überprüfen Sie Ihre E-Mail, um Ihr Konto zu bestätigen',
      });
      form.reset();
      onSignedUp();
    } catch (error) {
      const message = authErrorMessage(error, 'Das Konto konnte nicht erstellt werden.');
      toast({ title: 'Authentifizierungsfehler', description: message, variant: 'destructive' });
    }
  }

  return (
    <AuthForm form={form} onSubmit={onSubmit} submitLabel="Konto erstellen" busyLabel="Konto wird erstellt…">
      <TextField control={form.control} name="email" label="E-Mail" type="email" autoComplete="email" />
      <TextField
        control={form.control}
        name="password"
        label="Passwort"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        control={form.control}
        name="confirmPassword"
        label="Passwort bestätigen"
        type="password"
        autoComplete="new-password"
      />
    </AuthForm>
  );
}
