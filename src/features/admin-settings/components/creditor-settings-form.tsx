import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { InvalidIbanError, useSaveInvoiceCreditor } from '../api/invoice-creditor';
import {
  creditorFormSchema,
  toCreditorFormInput,
  toCreditorRow,
  type CreditorFormInput,
  type CreditorFormValues,
  type InvoiceCreditor,
} from '../creditor-schema';
import { toastSaveFailed } from '../lib/save-failed';

/** The 'Rechnungssteller' section's form: name, address, IBAN and payment period, saved together. */
export function CreditorSettingsForm({ creditor }: { creditor: InvoiceCreditor | null }) {
  const form = useForm<CreditorFormInput, unknown, CreditorFormValues>({
    resolver: zodResolver(creditorFormSchema),
    defaultValues: toCreditorFormInput(creditor),
  });
  const save = useSaveInvoiceCreditor();

  async function onSubmit(values: CreditorFormValues) {
    try {
      const saved = await save.mutateAsync(toCreditorRow(values));
      form.reset(toCreditorFormInput(saved));
      toast({
        title: 'Rechnungssteller gespeichert',
        description: 'Neue Rechnungen tragen diese Angaben; Bezahlung per Rechnung wird angeboten.',
      });
    } catch (error) {
      if (error instanceof InvalidIbanError) {
        form.setError('iban', { message: error.message }, { shouldFocus: true });
        return;
      }
      toastSaveFailed(
        error,
        'Der Rechnungssteller konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
      );
    }
  }

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        className="space-y-6"
        noValidate
        aria-label="Rechnungssteller"
      >
        {creditor === null ? (
          <p role="status" className="rounded-md border border-dashed p-4 text-sm">
            Noch kein Rechnungssteller erfasst: Bezahlung per Rechnung wird erst angeboten, wenn diese Angaben
            gespeichert sind.
          </p>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Name und Adresse</CardTitle>
            <CardDescription>So steht der Zahlungsempfänger auf dem QR-Einzahlungsschein.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-6">
            <TextField control={form.control} name="name" label="Name *" className="sm:col-span-6" />
            <TextField control={form.control} name="street" label="Strasse *" className="sm:col-span-4" />
            <TextField
              control={form.control}
              name="buildingNumber"
              label="Hausnummer"
              className="sm:col-span-2"
            />
            <TextField control={form.control} name="postalCode" label="PLZ *" className="sm:col-span-2" />
            <TextField control={form.control} name="city" label="Ort *" className="sm:col-span-3" />
            <TextField
              control={form.control}
              name="country"
              label="Land *"
              description={() => 'Ländercode, z. B. CH'}
              className="sm:col-span-1"
              maxLength={2}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Konto und Zahlungsfrist</CardTitle>
            <CardDescription>
              Mit einer QR-IBAN erhält jede Rechnung eine QR-Referenz, mit einer normalen IBAN eine
              Creditor-Referenz (RF). Beide werden aus der Buchungsnummer gebildet.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            <TextField
              control={form.control}
              name="iban"
              label="IBAN oder QR-IBAN *"
              className="sm:col-span-2"
              autoComplete="off"
            />
            <TextField
              control={form.control}
              name="paymentDays"
              label="Zahlungsfrist (Tage) *"
              description={() => 'Fällig spätestens am Tag des Events'}
              inputMode="numeric"
            />
          </CardContent>
        </Card>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Wird gespeichert…' : 'Rechnungssteller speichern'}
        </Button>
      </form>
    </Form>
  );
}
