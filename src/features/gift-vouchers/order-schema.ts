import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema, INVALID_EMAIL } from '@/lib/email';
import { nameSchema } from '@/lib/person-name';
import {
  amountRule,
  lastSendDay,
  MESSAGE_MAX_LENGTH,
  VALUE_VOUCHER,
  type VoucherOrderValues,
  type VoucherShop,
} from './order-values';

// The order form's rules: the same as buy-gift-voucher and public.order_gift_voucher (the amount's
// limits come from the database through the shop), so what the form accepts the server accepts.
// Loaded with the form's first validation (lazyResolver): zod stays off the page's first paint.

function orderSchema(shop: VoucherShop | undefined, today: string) {
  return z
    .object({
      choice: z.string().min(1, 'Bitte wähle einen Gutschein.'),
      amount: z.string().trim(),
      buyerName: nameSchema('Bitte gib deinen Namen ein.'),
      buyerEmail: emailSchema('Bitte gib deine E-Mail-Adresse ein.'),
      recipientName: z.string().trim().max(200, 'Höchstens 200 Zeichen.'),
      deliverTo: z.enum(['buyer', 'recipient']),
      paymentMethod: z.enum(['stripe', 'invoice'], { error: 'Bitte wähle, wie du bezahlen möchtest.' }),
      recipientEmail: z.string().trim(),
      sendOn: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte wähle den Tag, an dem wir den Gutschein senden.')
        .refine((day) => day >= today, 'Der Versandtag kann nicht in der Vergangenheit liegen.')
        .refine(
          (day) => day <= lastSendDay(today),
          'Der Versandtag kann höchstens ein Jahr im Voraus liegen.',
        ),
      message: z.string().trim().max(MESSAGE_MAX_LENGTH, `Höchstens ${MESSAGE_MAX_LENGTH} Zeichen.`),
    })
    .superRefine((order, context) => {
      if (order.choice === VALUE_VOUCHER) {
        const francs = /^\d{1,5}$/.test(order.amount) ? Number(order.amount) * 100 : Number.NaN;
        const within = shop ? francs >= shop.min_cents && francs <= shop.max_cents : francs > 0;
        if (!within) {
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message:
              order.amount === ''
                ? 'Bitte gib einen Betrag ein.'
                : shop
                  ? amountRule(shop)
                  : 'Ungültiger Betrag.',
          });
        }
      }
      if (order.deliverTo === 'recipient') {
        const recipient = emailSchema('Bitte gib die E-Mail-Adresse der beschenkten Person ein.').safeParse(
          order.recipientEmail,
        );
        if (!recipient.success) {
          context.addIssue({
            code: 'custom',
            path: ['recipientEmail'],
            message: recipient.error.issues[0]?.message ?? INVALID_EMAIL,
          });
        }
      }
    });
}

/** The shop and today's date come as the form's context (useForm({ context })). */
export interface OrderFormContext {
  shop: VoucherShop | undefined;
  today: string;
}

export const orderResolver: Resolver<VoucherOrderValues, OrderFormContext> = (values, context, options) =>
  zodResolver(orderSchema(context?.shop, context?.today ?? values.sendOn))(
    values,
    context,
    options,
  ) as ReturnType<Resolver<VoucherOrderValues, OrderFormContext>>;
