import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { signUp } from '../api/sign-up';
import { signUpSchema, type SignUpValues } from '../schema';
import { AuthForm } from './auth-form';

/** Account sign-up with the spec's English labels. The account needs e-mail confirmation. */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  async function onSubmit(values: SignUpValues) {
    if (values.password !== values.confirmPassword) {
      toast({
        title: "Passwords don't match",
        description: 'Please ensure both passwords match',
        variant: 'destructive',
      });
      form.setError('confirmPassword', { message: "Passwords don't match" });
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
      const message = error instanceof Error ? error.message : String(error);
      toast({ title: 'Authentifizierungsfehler', description: message, variant: 'destructive' });
    }
  }

  return (
    <AuthForm form={form} onSubmit={onSubmit} submitLabel="Create account" busyLabel="Creating account...">
      <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
      <TextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        control={form.control}
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
    </AuthForm>
  );
}
