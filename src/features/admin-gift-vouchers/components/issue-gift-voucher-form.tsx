import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormItem, TextAreaField, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { adminErrorMessage, errorCodeOf } from '@/lib/error-codes';
import { useIssueGiftVoucher } from '../api/issue-gift-voucher';
import {
  EMPTY_GIFT_VOUCHER,
  issueGiftVoucherSchema,
  toIssueArgs,
  type IssueGiftVoucherOutput,
  type IssueGiftVoucherValues,
} from '../schema';
import type { GiftVoucher } from '../types';
import { IssuedVoucherNotice } from './issued-voucher-notice';

const KINDS = [
  ['value', 'Wertgutschein (fester Betrag)'],
  ['offer', 'Angebotsgutschein (bestimmtes Angebot)'],
] as const;

/** Issues a voucher and shows its code above the form, to copy or read out. */
export function IssueGiftVoucherForm() {
  const form = useForm<IssueGiftVoucherValues, unknown, IssueGiftVoucherOutput>({
    resolver: zodResolver(issueGiftVoucherSchema),
    defaultValues: EMPTY_GIFT_VOUCHER,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const issue = useIssueGiftVoucher();
  const [issued, setIssued] = useState<GiftVoucher | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setIssued(await issue.mutateAsync(toIssueArgs(values)));
      form.reset(EMPTY_GIFT_VOUCHER);
    } catch (error) {
      // The one refusal tied to a field: a date that passed while the form was open.
      const detail = (error as { details?: unknown } | null)?.details;
      if (errorCodeOf(error) === 'INVALID_INPUT' && detail === 'valid_until') {
        form.setError(
          'validUntil',
          { message: 'Das Datum darf nicht in der Vergangenheit liegen.' },
          { shouldFocus: true },
        );
        return;
      }
      toast({
        title: 'Nicht ausgestellt',
        description: adminErrorMessage(
          error,
          'Der Gutschein konnte nicht ausgestellt werden. Bitte versuchen Sie es erneut.',
        ),
        variant: 'destructive',
      });
    }
  });

  return (
    <section aria-labelledby="issue-voucher-heading" className="space-y-4">
      <h2 id="issue-voucher-heading" className="text-xl font-semibold">
        Gutschein ausstellen
      </h2>
      {issued ? <IssuedVoucherNotice voucher={issued} /> : null}
      <Form {...form}>
        <form
          noValidate
          aria-label="Gutschein ausstellen"
          className="grid gap-4 md:grid-cols-2"
          onSubmit={(event) => void onSubmit(event)}
        >
          <FormField
            control={form.control}
            name="kind"
            render={({ field }) => (
              <FormItem className="md:col-span-2">
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Art des Gutscheins</legend>
                  {KINDS.map(([value, label]) => (
                    <label key={value} className="flex items-center gap-3 text-sm">
                      <input
                        type="radio"
                        name={field.name}
                        value={value}
                        checked={field.value === value}
                        onChange={() => field.onChange(value)}
                        className="h-4 w-4 accent-primary"
                      />
                      {label}
                    </label>
                  ))}
                </fieldset>
              </FormItem>
            )}
          />
          <TextField
            control={form.control}
            name="value"
            label={kind === 'offer' ? 'Wert des Angebots in CHF' : 'Betrag in CHF'}
            inputMode="decimal"
            autoComplete="off"
            required
          />
          {kind === 'offer' ? (
            <TextField
              control={form.control}
              name="title"
              label="Angebot (steht auf dem Gutschein)"
              placeholder="Fondue-Abend für zwei"
              autoComplete="off"
              maxLength={120}
              required
            />
          ) : null}
          <TextField
            control={form.control}
            name="recipientName"
            label="Für (Name, optional)"
            autoComplete="off"
            maxLength={200}
          />
          <TextField
            control={form.control}
            name="validUntil"
            label="Gültig bis (optional)"
            type="date"
            description={() => 'Leer lassen: so viele Jahre, wie unter Einstellungen festgelegt.'}
          />
          <TextAreaField
            control={form.control}
            name="message"
            label="Persönliche Nachricht (optional)"
            rows={3}
            maxLength={500}
            className="md:col-span-2"
            description={(value) => `${value.length} von 500 Zeichen`}
          />
          <TextAreaField
            control={form.control}
            name="note"
            label="Notiz (nur intern, z. B. der Anlass)"
            rows={2}
            maxLength={2000}
            className="md:col-span-2"
          />
          <div className="md:col-span-2">
            <Button type="submit" disabled={issue.isPending}>
              {issue.isPending ? 'Wird ausgestellt…' : 'Gutschein ausstellen'}
            </Button>
          </div>
        </form>
      </Form>
    </section>
  );
}
