import { z } from 'npm:zod@4';

// The payload of every kind of public.mail_outbox, typed once: the SQL functions build it as
// jsonb (private.booking_mail_payload, private.waitlist_mail_payload, private.event_notice_payload,
// private.invoice_mail_payload and the functions that queue each kind), the worker parses it with
// these schemas (outbox.ts), and the templates take the inferred types. A field the SQL stops
// building fails the payload test (tests/functions/mail-payloads.test.ts) before a mail fails.
//
// Zod (npm:) keeps this in the functions' own code, not in _common, which loads without packages.

/** A question asked with the booking and its answer, with the question's text as booked. */
const answer = z.object({ label: z.string(), answer: z.string() });

/** The booking (private.booking_mail_payload's participant). */
const participant = z.object({
  id: z.string(),
  /** The booking reference (SW-7K3M). */
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  paymentMethod: z.string(),
  /** Derived from status and money rows (private.payment_word): paid, pending, cancelled, refunded. */
  paymentStatus: z.string(),
  /** The booking's status (held, confirmed, cancelled, expired). */
  status: z.string().optional(),
  /** How the latest payment was made (card, twint, invoice, onsite), null before any. */
  paidMethod: z.string().nullable().optional(),
  notes: z.string(),
  /** Seats the booking holds. */
  persons: z.number().int().positive(),
  answers: z.array(answer),
  /** The discount code booked with (issue 28): what it takes off and the total after it, in Rappen. */
  discount: z.object({ code: z.string(), cents: z.number().int(), totalCents: z.number().int() }).nullish(),
  /** What gift vouchers paid (issue 28) and what is left to pay, in Rappen; null without one. */
  voucher: z.object({ cents: z.number().int().positive(), openCents: z.number().int() }).nullish(),
  /** The tickets per type (issue 28); null for an event without types. */
  tickets: z
    .array(z.object({ name: z.string(), persons: z.number().int(), price_cents: z.number().int() }))
    .nullish(),
});

/** The event booked (private.booking_mail_payload's event). */
const event = z.object({
  title: z.string(),
  description: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** 'HH:MM' or null (events.start_time / end_time). */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  location: z.string(),
  /** CHF per person. */
  price: z.number(),
  bringAlong: z.string().nullable(),
});

/** The invoice of a registration by invoice (private.invoice_mail_payload). */
const invoice = z.object({
  reference: z.string(),
  dueDate: z.string(),
  amountCents: z.number().int().positive(),
  currency: z.literal('CHF'),
  issuedOn: z.string(),
  creditor: z.object({
    name: z.string(),
    street: z.string(),
    buildingNumber: z.string(),
    postalCode: z.string(),
    city: z.string(),
    country: z.string(),
    iban: z.string(),
  }),
});

/** A gift voucher order (private.gift_voucher_order_mail_payload, issue 28). */
const giftVoucherOrder = z.object({
  reference: z.string(),
  kind: z.enum(['value', 'offer']),
  title: z.string(),
  valueCents: z.number().int().positive(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  recipientName: z.string(),
  sendTo: z.string(),
  /** The voucher goes to the buyer, who hands it over. */
  toBuyer: z.boolean(),
  sendOn: z.string(),
  paymentMethod: z.enum(['stripe', 'invoice']),
  /** An invoice's last day to pay; null for Stripe. */
  dueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  method: z.enum(['card', 'twint', 'invoice']).nullable(),
  validUntil: z.string().nullable(),
});

const paidGiftVoucherOrder = giftVoucherOrder.extend({
  paidAt: z.string(),
  method: z.enum(['card', 'twint', 'invoice']),
  validUntil: z.string(),
});

/** The provider as a receipt prints it (private.receipt_provider): address and, if set, VAT. */
export const receiptProviderSchema = z.object({
  name: z.string(),
  street: z.string(),
  buildingNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  vatUid: z.string().nullable(),
  vatRatePercent: z.number().nullable(),
});

/**
 * The receipt / credit note PDF's facts (trigger mail_outbox_attach_receipt, issue 29): the
 * provider (the invoice creditor's address, VAT from the setting 'vat'), a document number, the day.
 */
const receipt = z.object({
  provider: receiptProviderSchema,
  number: z.string(),
  issuedOn: z.string(),
});

/** The booking's money (private.booking_money) as booking_mail_payload adds it. */
const bookingMoney = z.object({
  owedCents: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  openCents: z.number().int(),
  excessCents: z.number().int(),
  paidMethod: z.string().nullable(),
});

const booking = z.object({ participant, event, money: bookingMoney.optional() });

/** A visitor's own change on the manage page (change_booking). */
const change = z.object({
  kind: z.enum(['cancelled', 'reduced']),
  personsBefore: z.number().int(),
  personsAfter: z.number().int(),
  /** What a late cancellation keeps (the hut's share after its deadline), in Rappen. */
  keptCents: z.number().int().nonnegative().optional().default(0),
});

/** An event as the notices show it (private.event_notice_payload). */
const noticeEvent = event.pick({
  title: true,
  startDate: true,
  endDate: true,
  startTime: true,
  endTime: true,
  location: true,
});

/** A waiting-list entry and its event (private.waitlist_mail_payload). */
const waitlist = z.object({
  entry: z.object({
    name: z.string(),
    email: z.string(),
    persons: z.number().int().positive(),
    position: z.number().int(),
    offerExpiresAt: z.string().nullable(),
    /** How long an offer is valid (private.waitlist_offer_validity()). */
    offerHours: z.number().int().positive(),
  }),
  event: noticeEvent.extend({ price: event.shape.price }),
});

/** What a staff change leaves open or overpaid (private.booking_money after the change). */
const money = z.object({
  /** Still to pay (new price × persons minus what was paid). */
  openCents: z.number().int().nonnegative(),
  /** Paid beyond what is owed now (refundable by the admin). */
  excessCents: z.number().int().nonnegative(),
});

/** A staff cancellation (admin_cancel_booking): what is refunded, and how. */
const staffCancel = z.object({
  by: z.literal('staff'),
  /** Refunded with this cancellation; 0: nothing (nothing paid, or the money is kept). */
  refundCents: z.number().int().nonnegative(),
  /** 'stripe': back to the card or TWINT account; 'transfer': bank transfer; null: no refund. */
  refundMethod: z.enum(['stripe', 'transfer']).nullable(),
  /** What had been paid before the cancellation, if the SQL says (tells "kept" from "nothing paid"). */
  paidCents: z.number().int().nonnegative().optional(),
  /** The admin's note for the customer (may be empty). */
  note: z.string(),
});

/** The booking's QR ticket, added by the trigger mail_outbox_attach_ticket to a booked seat's mails. */
const ticket = z.object({ code: z.string().regex(/^T1-[0-9A-F]{32}-[0-9A-F]{32}$/) }).optional();

/** One schema per kind (the kinds of mail_outbox_kind_check). */
export const mailPayloads = {
  participant_confirmation: booking.extend({
    ticket,
    /** The manage link's token; a confirmation the admin sends again has none. */
    manageToken: z.string().optional(),
    /** Added by the trigger mail_outbox_attach_invoice for a registration by invoice. */
    invoice: invoice.optional(),
    /** Booked by the team (admin_add_booking), not by the visitor. */
    addedByStaff: z.boolean().optional(),
    /** A cancelled or expired booking the team booked again (admin_reactivate_booking). */
    reactivated: z.boolean().optional(),
    /** An online booking's real hold: paid by then, or the seat is freed. */
    hold: z.object({ expiresAt: z.string() }).optional(),
    /**
     * A large on-site or invoice booking held until the visitor confirms it by the link
     * (private.hold_confirm_payload, issue 25): the link's token, the hold's end, its minutes.
     */
    confirmHold: z
      .object({ token: z.string(), expiresAt: z.string(), minutes: z.number().int().positive() })
      .optional(),
  }),
  registration_notice: booking,
  payment_receipt: booking.extend({
    ticket,
    payment: z.object({
      amountCents: z.number().int(),
      paidAt: z.string(),
      /** public.payments.method: card or TWINT as Stripe reports it; invoice or onsite recorded by the team. */
      method: z.enum(['card', 'twint', 'invoice', 'onsite']).optional(),
    }),
    receipt: receipt.optional(),
  }),
  refund_issued: booking.extend({
    refund: z.object({
      amountCents: z.number().int().positive(),
      /**
       * 'stripe': back through Stripe (card or TWINT); 'transfer': the provider's bank transfer;
       * 'voucher': back onto the gift voucher that paid it (issue 28), named in `voucher`.
       */
      method: z.enum(['stripe', 'transfer', 'voucher']),
      voucher: z
        .object({ code: z.string(), balanceCents: z.number().int(), validUntil: z.string() })
        .optional(),
    }),
    receipt: receipt.optional(),
  }),
  /**
   * The friendly reminder of an unpaid invoice (private.send_invoice_reminders): the QR bill again
   * (mail_outbox_attach_invoice), the due date it missed and what is still open.
   */
  invoice_reminder: booking.extend({
    invoice: invoice.optional(),
    reminder: z.object({ dueDate: z.string(), openCents: z.number().int().positive() }),
  }),
  booking_change: booking.extend({ change }),
  booking_change_notice: booking.extend({ change }),
  /** Cancelled by the team. */
  booking_cancelled: booking.extend({ manageToken: z.string().optional(), cancel: staffCancel }),
  /** Moved by the team to another event: `event` is the new one; the mail carries its calendar file. */
  booking_moved: booking.extend({
    manageToken: z.string().optional(),
    before: noticeEvent,
    money,
  }),
  /** Persons changed by the team. */
  booking_updated: booking.extend({
    manageToken: z.string().optional(),
    personsBefore: z.number().int().positive(),
    personsAfter: z.number().int().positive(),
    money,
  }),
  event_reminder: booking.extend({
    ticket,
    manageToken: z.string(),
    reminder: z.object({ eventId: z.string(), startDate: z.string() }),
  }),
  event_cancelled: z.object({
    name: z.string(),
    /** A booking that was paid: the refund is promised. */
    paid: z.boolean(),
    /** A waiting-list entry, not a booking. */
    waitlist: z.boolean(),
    /** The admin's own words (may be empty). */
    message: z.string(),
    event: noticeEvent,
  }),
  event_changed: z.object({
    name: z.string(),
    waitlist: z.boolean(),
    message: z.string(),
    /** The event before the admin's save. */
    before: noticeEvent.omit({ title: true }),
    event: noticeEvent,
    /** Bookings only (not waiting-list entries): their manage link, to cancel if the new date does not suit. */
    reference: z.string().optional(),
    manageToken: z.string().optional(),
  }),
  enquiry_notice: z.object({
    kind: z.enum(['contact', 'corporate-breathwork']),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
  newsletter_notice: z.object({ email: z.string() }),
  /** Not a mail: Mailchimp's member id (MD5 of the lower-cased address), nothing else. */
  newsletter_removal: z.object({ subscriberHash: z.string().regex(/^[0-9a-f]{32}$/) }),
  admin_invitation: z.object({ email: z.string(), invitedBy: z.string() }),
  /**
   * A gift voucher mailed with its PDF (private.gift_voucher_mail_payload, issue 28); the provider
   * is null before the team entered its address in 'Einstellungen'.
   */
  gift_voucher: z.object({
    voucher: z.object({
      code: z.string(),
      kind: z.enum(['value', 'offer']),
      title: z.string(),
      valueCents: z.number().int().positive(),
      balanceCents: z.number().int(),
      validUntil: z.string(),
      recipientName: z.string(),
      message: z.string(),
      buyerName: z.string(),
      issuedAt: z.string(),
      legalText: z.string(),
    }),
    provider: receiptProviderSchema.nullable(),
  }),
  /** The buyer's confirmation of a gift voucher bought online or paid by invoice. */
  gift_voucher_order_paid: z.object({ order: paidGiftVoucherOrder }),
  /** The QR bill of a gift voucher bought by invoice; the voucher follows the payment. */
  gift_voucher_invoice: z.object({ order: giftVoucherOrder, invoice }),
  /** Subject and text with the placeholders filled in for this person (SQL, at queueing time). */
  participant_message: z.object({ subject: z.string(), text: z.string() }),
  waitlist_joined: waitlist.extend({ leaveToken: z.string() }),
  waitlist_offer: waitlist.extend({ claimToken: z.string() }),
} as const;

export type MailKind = keyof typeof mailPayloads;
export type MailPayload<Kind extends MailKind> = z.infer<(typeof mailPayloads)[Kind]>;

export type MailAnswer = z.infer<typeof answer>;
export type MailParticipant = z.infer<typeof participant>;
export type MailEvent = z.infer<typeof event>;
export type MailInvoice = z.infer<typeof invoice>;
export type MailPayment = MailPayload<'payment_receipt'>['payment'];
export type MailReceipt = z.infer<typeof receipt>;
export type MailRefund = MailPayload<'refund_issued'>['refund'];
export type MailChange = z.infer<typeof change>;
export type MailMoney = z.infer<typeof money>;
export type StaffCancel = z.infer<typeof staffCancel>;
export type MailEnquiry = MailPayload<'enquiry_notice'>;
export type MailInvitation = MailPayload<'admin_invitation'>;
export type GiftVoucherMail = MailPayload<'gift_voucher'>;
export type GiftVoucherOrderMail = MailPayload<'gift_voucher_order_paid'>;
export type GiftVoucherInvoiceMail = MailPayload<'gift_voucher_invoice'>;
export type MailMessage = MailPayload<'participant_message'>;
export type WaitlistMail = z.infer<typeof waitlist>;
export type NoticeEvent = z.infer<typeof noticeEvent>;
/** What a change notice compares: the event's date, time and place. */
export type NoticeSchedule = MailPayload<'event_changed'>['before'];
export type CancellationNotice = MailPayload<'event_cancelled'>;
export type ChangeNotice = MailPayload<'event_changed'>;
