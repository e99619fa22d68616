import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck, ShieldOff, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth/auth-context';
import { formatDateTime } from '@/lib/dates';
import { ListState } from '@/components/ui/list-state';
import {
  useInvitations,
  useInviteUser,
  useSetAdmin,
  useUsers,
  userErrorMessage,
  type AdminUser,
  type Invitation,
} from '../api/users';

/** /admin/users: accounts, admin rights and invitations. */
export function UsersPage() {
  const users = useUsers();
  const invitations = useInvitations();
  const emails = new Set((users.data ?? []).map((user) => user.email.toLowerCase()));
  // An invitation is open until somebody signed up with its address.
  const open = (invitations.data ?? []).filter((invitation) => !emails.has(invitation.email));

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-semibold">Benutzer</h1>
      <InviteForm />
      <Card>
        <CardHeader>
          <CardTitle>Konten</CardTitle>
        </CardHeader>
        <CardContent>
          <ListState
            isPending={users.isPending}
            isError={users.isError}
            isEmpty={(users.data ?? []).length === 0}
            errorText="Die Benutzer konnten nicht geladen werden. Bitte laden Sie die Seite neu."
            emptyText="Keine Konten"
          >
            <ul className="divide-y" aria-label="Konten">
              {(users.data ?? []).map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </ul>
          </ListState>
        </CardContent>
      </Card>
      {open.length > 0 ? <OpenInvitations invitations={open} /> : null}
    </div>
  );
}

const inviteSchema = z.object({
  email: z.string().trim().email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
});
type InviteValues = z.infer<typeof inviteSchema>;

function InviteForm() {
  const form = useForm<InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '' } });
  const invite = useInviteUser();

  async function onSubmit({ email }: InviteValues) {
    try {
      await invite.mutateAsync(email);
      toast({
        title: 'Einladung versendet',
        description: `${email} erhält eine E-Mail mit dem Link zur Registrierung.`,
      });
      form.reset();
    } catch (error) {
      form.setError('email', { message: userErrorMessage(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Kollegin oder Kollegen einladen</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            aria-label="Einladen"
            noValidate
            onSubmit={form.handleSubmit(onSubmit)}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="flex-1">
              <TextField control={form.control} name="email" label="E-Mail" type="email" autoComplete="off" />
            </div>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              <UserPlus aria-hidden="true" />
              Einladen
            </Button>
          </form>
        </Form>
        <p className="mt-3 text-sm text-muted-foreground">
          Die eingeladene Person erstellt ein Konto und bestätigt ihre E-Mail-Adresse. Danach erteilen Sie ihr
          hier die Admin-Rechte.
        </p>
      </CardContent>
    </Card>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const { user: me } = useAuth();
  const setAdmin = useSetAdmin();
  const own = me?.id === user.id;

  function change(isAdmin: boolean) {
    setAdmin.mutate(
      { userId: user.id, isAdmin },
      {
        onSuccess: () =>
          toast({
            title: isAdmin ? 'Admin-Rechte erteilt' : 'Admin-Rechte entzogen',
            description: user.email,
          }),
        onError: (error) =>
          toast({
            title: 'Die Rechte konnten nicht geändert werden',
            description: userErrorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="break-all font-medium">
          {user.email}
          {own ? <span className="text-muted-foreground"> (Sie)</span> : null}
        </p>
        <div className="flex flex-wrap gap-2 text-sm">
          <Badge variant={user.email_confirmed ? 'secondary' : 'warning'}>
            {user.email_confirmed ? 'E-Mail bestätigt' : 'E-Mail nicht bestätigt'}
          </Badge>
          {user.is_admin ? (
            <Badge variant="success">
              Admin{user.admin_since ? ` seit ${formatDateTime(user.admin_since)}` : ''}
            </Badge>
          ) : (
            <Badge variant="outline">Kein Admin</Badge>
          )}
        </div>
      </div>
      {own ? null : user.is_admin ? (
        <ConfirmDialog
          trigger={
            <Button variant="outline" disabled={setAdmin.isPending} className="sm:w-auto">
              <ShieldOff aria-hidden="true" />
              Admin-Rechte entziehen
              <span className="sr-only"> ({user.email})</span>
            </Button>
          }
          title="Admin-Rechte entziehen"
          description={
            <>Sind Sie sicher, dass {user.email} keinen Zugang zum Admin-Bereich mehr haben soll?</>
          }
          confirmLabel="Entziehen"
          onConfirm={() => change(false)}
        />
      ) : (
        <Button disabled={setAdmin.isPending || !user.email_confirmed} onClick={() => change(true)}>
          <ShieldCheck aria-hidden="true" />
          Admin-Rechte erteilen
          <span className="sr-only"> ({user.email})</span>
        </Button>
      )}
    </li>
  );
}

function OpenInvitations({ invitations }: { invitations: Invitation[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Offene Einladungen</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Offene Einladungen">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap justify-between gap-2 py-3">
              <span className="break-all">{invitation.email}</span>
              <span className="text-sm text-muted-foreground">
                eingeladen{' '}
                <time dateTime={invitation.created_at}>{formatDateTime(invitation.created_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
