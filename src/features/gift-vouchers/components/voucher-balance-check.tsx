import { useEffect, useState } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { formatChf } from '@common/format.ts';
import { Button } from '@/components/ui/button';
import { Form, TextField } from '@/components/ui/form';
import { formatDateLong } from '@/lib/dates';
import type { CheckedVoucher } from '@/lib/gift-voucher-check';
import { useHydrated } from '@/lib/use-hydrated';

interface Values {
  code: string;
}

// Checked by hand, not with zod: the page paints from its prerendered HTML, and the check and the
// Supabase client load only when a code is sent (the page's JavaScript budget).
const resolver: Resolver<Values> = (values): ResolverResult<Values> => {
  const code = values.code.trim();
  const message =
    code === ''
      ? 'Bitte gib den Gutscheincode ein.'
      : code.length > 60
        ? 'Der Gutscheincode ist zu lang.'
        : null;
  const none: Record<string, never> = {};
  if (message) return { values: none, errors: { code: { type: 'validate', message } } };
  return { values: { code }, errors: none };
};

/**
 * 'Guthaben prüfen' (issue 28): the code in, what is left on the voucher and until when out. The
 * check is limited per address (check-gift-voucher); every refusal stands at the field, and the
 * code typed stays there.
 */
export function VoucherBalanceCheck() {
  const form = useForm<Values>({ resolver, defaultValues: { code: '' } });
  const [voucher, setVoucher] = useState<CheckedVoucher | null>(null);
  const hydrated = useHydrated();
  const busy = form.formState.isSubmitting;
  // A refusal moves focus to the field once the fieldset is enabled again, so its message is read.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0 && !busy) form.setFocus('code');
  }, [refused, busy, form]);

  const onValid = async ({ code }: Values) => {
    setVoucher(null);
    const { checkGiftVoucher } = await import('@/lib/gift-voucher-check');
    const result = await checkGiftVoucher(code);
    if (result.ok) setVoucher(result.voucher);
    else {
      form.setError('code', { type: 'server', message: result.message });
      setRefused((count) => count + 1);
    }
  };

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Guthaben prüfen"
        className="space-y-4"
        onSubmit={form.handleSubmit(onValid)}
      >
        <fieldset disabled={busy || !hydrated} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            control={form.control}
            name="code"
            label="Gutscheincode"
            className="flex-1"
            inputClassName="h-11 uppercase"
            autoComplete="off"
            maxLength={60}
            placeholder="GS-XXXX-XXXX-XXXX-XXXX-XXXX"
          />
          <Button type="submit" size="lg" className="h-11 sm:mt-7">
            {busy ? 'Wird geprüft…' : 'Guthaben prüfen'}
          </Button>
        </fieldset>
        <div role="status" aria-live="polite">
          {voucher ? <VoucherBalance voucher={voucher} /> : null}
        </div>
      </form>
    </Form>
  );
}

function VoucherBalance({ voucher }: { voucher: CheckedVoucher }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border bg-card p-5 text-card-foreground">
      {voucher.kind === 'offer' ? (
        <>
          <dt className="text-muted-foreground">Angebot</dt>
          <dd className="font-medium">{voucher.title}</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">Guthaben</dt>
      <dd className="text-lg font-semibold">
        {formatChf(voucher.balance_cents / 100)}{' '}
        <span className="text-sm font-normal text-muted-foreground">
          von {formatChf(voucher.value_cents / 100)}
        </span>
      </dd>
      <dt className="text-muted-foreground">Gültig bis</dt>
      <dd>{formatDateLong(voucher.valid_until)}</dd>
    </dl>
  );
}
