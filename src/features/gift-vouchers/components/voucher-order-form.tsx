import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { formatChf } from '@common/format.ts';
import { PROOF_OF_WORK_FAILED, useProofOfWork } from '@/components/proof-of-work';
import { Button } from '@/components/ui/button';
import { Form, RequiredMark, TextAreaField, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { todayIso } from '@/lib/dates';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useHydrated } from '@/lib/use-hydrated';
import { useVoucherShop } from '../api/voucher-shop';
import { keepOrderDraft } from '../order-draft';
import type { OrderFormContext } from '../order-schema';
import {
  amountRule,
  emptyOrder,
  lastSendDay,
  MESSAGE_MAX_LENGTH,
  VALUE_VOUCHER,
  type VoucherOrderValues,
  type VoucherPayment,
  type VoucherShop,
} from '../order-values';
import { type Choice, ChoiceList } from './choice-list';

const resolver = lazyResolver(() => import('../order-schema').then((module) => module.orderResolver));

const ORDER_FAILED = 'Bestellung nicht gesendet';

export interface VoucherOrderFormProps {
  /** A draft to continue (the buyer came back from Stripe without paying). */
  draft?: VoucherOrderValues | null;
  /** An order by invoice was taken: its QR bill is on the way to `email`. */
  onInvoiced: (invoiced: InvoicedOrder) => void;
}

export interface InvoicedOrder {
  email: string;
  reference: string;
  dueDate: string;
}

const PAYMENT_CHOICES: Record<VoucherPayment, Choice> = {
  stripe: {
    value: 'stripe',
    label: 'Karte oder TWINT',
    description: 'Online bei unserem Zahlungsanbieter Stripe.',
  },
  invoice: {
    value: 'invoice',
    label: 'Rechnung',
    description:
      'Mit QR-Einzahlungsschein per E-Mail; den Gutschein senden wir, sobald die Zahlung eingegangen ist.',
  },
};

/**
 * 'Gutschein kaufen' (issue 28): a value voucher of a chosen amount or one of the provider's
 * offers, for whom, from whom, a message and the day we send it; then Stripe Checkout. The
 * order is stored before Stripe is called; the voucher is issued when the payment arrives.
 */
export function VoucherOrderForm({ draft, onInvoiced }: VoucherOrderFormProps) {
  const today = useMemo(() => todayIso(), []);
  const shop = useVoucherShop();
  const context = useMemo<OrderFormContext>(() => ({ shop: shop.data, today }), [shop.data, today]);
  const form = useForm<VoucherOrderValues, OrderFormContext>({
    resolver,
    context,
    defaultValues: draft ?? emptyOrder(today),
  });
  const proofOfWork = useProofOfWork();
  const hydrated = useHydrated();
  const [leaving, setLeaving] = useState(false);
  const sending = form.formState.isSubmitting || leaving;
  const choice = useWatch({ control: form.control, name: 'choice' });
  const deliverTo = useWatch({ control: form.control, name: 'deliverTo' });
  const paymentMethod = useWatch({ control: form.control, name: 'paymentMethod' });
  const payments = useMemo(() => offeredPayments(shop.data), [shop.data]);
  // Only what is set up is offered: the choice follows the shop once it is known.
  const { setValue } = form;
  useEffect(() => {
    if (payments.length > 0 && !payments.includes(paymentMethod)) setValue('paymentMethod', payments[0]!);
  }, [payments, paymentMethod, setValue]);

  // A refused field gets the focus once the fieldset is enabled again, so its message is read.
  const [refused, setRefused] = useState<{ field: Path<VoucherOrderValues> } | null>(null);
  useEffect(() => {
    if (refused && !sending) form.setFocus(refused.field);
  }, [refused, sending, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setRefused(null);
    let altcha: string;
    try {
      altcha = await proofOfWork.solve();
    } catch {
      toast({ title: ORDER_FAILED, description: PROOF_OF_WORK_FAILED, variant: 'destructive' });
      return;
    }
    // Loaded with the first order: its error texts stay off the page's initial JavaScript.
    const { buyGiftVoucher } = await import('../api/buy-gift-voucher');
    const outcome = await buyGiftVoucher(values, altcha);
    if (outcome.ok && 'invoice' in outcome) {
      onInvoiced({ email: values.buyerEmail, ...outcome.invoice });
      return;
    }
    if (outcome.ok) {
      // Kept for the way back from Stripe without paying: nothing typed is lost.
      keepOrderDraft(values);
      setLeaving(true);
      window.location.assign(outcome.url);
      return;
    }
    if (outcome.field) {
      form.setError(outcome.field, { type: 'server', message: outcome.message });
      setRefused({ field: outcome.field });
      if (outcome.field === 'choice') shop.refetch();
    }
    toast({ title: ORDER_FAILED, description: outcome.message, variant: 'destructive' });
  });

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Gutschein kaufen"
        className="space-y-6"
        onSubmit={onSubmit}
        onFocus={proofOfWork.start}
      >
        <fieldset disabled={sending || !hydrated} className="space-y-6">
          <ChoiceList
            control={form.control}
            name="choice"
            legend="Was möchtest du verschenken?"
            options={[
              {
                value: VALUE_VOUCHER,
                label: 'Wertgutschein',
                description: 'Ein Betrag nach deiner Wahl, einlösbar für alle Angebote.',
              },
              ...(shop.data?.offers ?? []).map((offer) => ({
                value: offer.id,
                label: `${offer.title}, ${formatChf(offer.price_cents / 100)}`,
                description: offer.description,
              })),
            ]}
            footer={<ShopState loading={shop.isPending} failed={shop.isError} />}
          />
          {choice === VALUE_VOUCHER ? (
            <TextField
              control={form.control}
              name="amount"
              label={
                <>
                  Betrag in CHF
                  <RequiredMark />
                </>
              }
              description={() => (shop.data ? amountRule(shop.data) : null)}
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              required
              inputClassName="h-11 max-w-40"
            />
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              control={form.control}
              name="buyerName"
              label={
                <>
                  Dein Name
                  <RequiredMark />
                </>
              }
              autoComplete="name"
              required
            />
            <TextField
              control={form.control}
              name="buyerEmail"
              label={
                <>
                  Deine E-Mail
                  <RequiredMark />
                </>
              }
              description={() => 'Hierhin schicken wir die Bestätigung.'}
              type="email"
              autoComplete="email"
              required
            />
          </div>
          <TextField
            control={form.control}
            name="recipientName"
            label="Für wen ist der Gutschein? (optional)"
            description={() => 'Der Name steht auf dem Gutschein.'}
            autoComplete="off"
            maxLength={200}
          />
          <ChoiceList
            control={form.control}
            name="deliverTo"
            legend="Wohin sollen wir den Gutschein schicken?"
            options={[
              {
                value: 'buyer',
                label: 'An mich',
                description: 'Du druckst ihn aus oder leitest ihn weiter.',
              },
              { value: 'recipient', label: 'Direkt an die beschenkte Person' },
            ]}
          />
          {deliverTo === 'recipient' ? (
            <TextField
              control={form.control}
              name="recipientEmail"
              label={
                <>
                  E-Mail der beschenkten Person
                  <RequiredMark />
                </>
              }
              type="email"
              autoComplete="off"
              required
            />
          ) : null}
          <TextField
            control={form.control}
            name="sendOn"
            label={
              <>
                Versand am
                <RequiredMark />
              </>
            }
            description={() => 'Heute oder an einem Tag deiner Wahl, am Morgen um 8 Uhr.'}
            type="date"
            required
            inputClassName="h-11 max-w-48"
            {...dateBounds(today)}
          />
          <TextAreaField
            control={form.control}
            name="message"
            label="Persönliche Nachricht (optional)"
            description={(value) => `${value.length} / ${MESSAGE_MAX_LENGTH} Zeichen`}
            rows={4}
            maxLength={MESSAGE_MAX_LENGTH}
          />
          {payments.length > 1 ? (
            <ChoiceList
              control={form.control}
              name="paymentMethod"
              legend="Wie möchtest du bezahlen?"
              options={payments.map((method) => PAYMENT_CHOICES[method])}
            />
          ) : null}
          {proofOfWork.field}
          <OrderSummary shop={shop.data} choice={choice} />
          {payments.length === 0 ? (
            <p role="alert" className="text-sm">
              Gutscheine können zurzeit nicht online gekauft werden. Bitte schreib uns über das
              Kontaktformular.
            </p>
          ) : (
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              {sending
                ? 'Wird gesendet…'
                : paymentMethod === 'invoice'
                  ? 'Gutschein bestellen'
                  : 'Weiter zur Zahlung'}
            </Button>
          )}
          <p className="text-sm text-muted-foreground">
            Den Gutschein stellen wir aus, sobald die Zahlung eingegangen ist.
          </p>
        </fieldset>
      </form>
    </Form>
  );
}

/** The ways to pay that are set up; card and TWINT until the shop is known. */
function offeredPayments(shop: VoucherShop | undefined): VoucherPayment[] {
  if (!shop) return ['stripe'];
  return (['stripe', 'invoice'] as const).filter((method) => shop.payment[method]);
}

/** The date input's own bounds (the schema checks them as well). */
function dateBounds(today: string): { min: string; max: string } {
  return { min: today, max: lastSendDay(today) };
}

function ShopState({ loading, failed }: { loading: boolean; failed: boolean }) {
  if (loading) return <p className="text-sm text-muted-foreground">Angebote werden geladen…</p>;
  if (failed)
    return (
      <p className="text-sm text-muted-foreground">
        Die Angebotsgutscheine konnten nicht geladen werden; ein Wertgutschein ist trotzdem möglich.
      </p>
    );
  return null;
}

/** What the buyer is about to pay, once it is known. */
function OrderSummary({ shop, choice }: { shop: VoucherShop | undefined; choice: string }) {
  const offer = shop?.offers.find((candidate) => candidate.id === choice);
  if (!offer || !shop) return null;
  return (
    <p className="rounded-lg border bg-card p-4 text-card-foreground">
      Zu bezahlen: <span className="font-semibold">{formatChf(offer.price_cents / 100)}</span>. Der Gutschein
      ist {shop.validity_years} Jahre gültig.
    </p>
  );
}
