import type { z } from 'npm:zod@4';
import type { SiteSettings } from './env.ts';
import { eventCancelled, eventChanged, eventReminder } from './event-mails.ts';
import { bookingCancelled, bookingMoved, bookingUpdated, invoiceReminder } from './staff-mails.ts';
import { bookingUid, buildIcs, toBase64 } from '@common/ics.ts';
import { ticketAttachment } from './ticket-qr.ts';
import {
  bookingInvoice,
  type InvoiceBooking,
  type InvoiceSubject,
  invoiceAttachment,
  ValidationError,
} from './invoice.ts';
import type { MailAttachment, OutgoingMail } from './mail.ts';
import { receiptAttachment } from './receipt.ts';
import {
  giftVoucherAttachment,
  giftVoucherInvoice,
  giftVoucherInvoiceMail,
  giftVoucherMail,
  giftVoucherOrderMail,
} from './voucher-mails.ts';
import {
  type MailEvent,
  type MailInvoice,
  type MailKind,
  type MailParticipant,
  type MailPayload,
  mailPayloads,
} from './mail-payloads.ts';
import {
  adminInvitation,
  bookingChangeConfirmation,
  providerBookingChangeNotice,
  enquiryNotice,
  newsletterNotice,
  participantConfirmation,
  paymentReceipt,
  refundIssued,
  participantMessage,
  providerRegistrationNotice,
  waitlistJoined,
  waitlistOffer,
} from './templates.ts';

// Turns a row of public.mail_outbox (kind + payload, written by the SQL functions of
// supabase/schemas/50_outbox_and_mail_payloads.sql) into the mail the provider receives, with the
// templates of templates.ts. The payload is parsed with its kind's schema (mail-payloads.ts).
// Runtime-neutral, so the Deno unit tests can check every kind.

export interface OutboxMessage {
  id: string;
  kind: string;
  recipient: string | null;
  payload: unknown;
  /** When it was queued: also the calendar entry's time stamp, so every try renders the same. */
  created_at: string;
}

/** A payload the worker cannot render: retrying will not help. */
export class UnrenderableMail extends Error {}

/** The payload parsed with its kind's schema (mail-payloads.ts). */
function parse<Kind extends MailKind>(kind: Kind, message: OutboxMessage): MailPayload<Kind> {
  const schema: z.ZodType = mailPayloads[kind];
  const result = schema.safeParse(message.payload);
  if (!result.success) {
    throw new UnrenderableMail(`payload of ${message.kind} is malformed: ${result.error.issues[0]?.message}`);
  }
  // The schema of this kind made it: its output is this kind's payload.
  return result.data as MailPayload<Kind>;
}

/** The invoice PDF; data the QR bill refuses (swissqrbill's ValidationError) will not render on a retry either. */
async function invoiceAttachmentOf(invoice: MailInvoice, subject: InvoiceSubject): Promise<MailAttachment> {
  try {
    return await invoiceAttachment(invoice, subject);
  } catch (error) {
    if (error instanceof ValidationError) throw new UnrenderableMail(`invoice: ${error.message}`);
    throw error;
  }
}

/** The booking an invoice is about, from a booking mail's payload. */
function invoiceBooking(person: MailParticipant, booked: MailEvent): InvoiceBooking {
  return {
    bookingReference: person.reference,
    participantName: person.name,
    participantEmail: person.email,
    eventTitle: booked.title,
    startDate: booked.startDate,
    endDate: booked.endDate,
    persons: person.persons,
    price: booked.price,
  };
}

function calendarAttachment(
  site: SiteSettings,
  reference: string,
  data: MailEvent,
  queuedAt: string,
): MailAttachment[] {
  const ics = buildIcs({
    now: new Date(queuedAt),
    uid: bookingUid(reference, site.url),
    title: data.title,
    description: data.description,
    location: data.location,
    startDate: data.startDate,
    endDate: data.endDate,
    startTime: data.startTime,
    endTime: data.endTime,
    url: site.url,
  });
  return ics
    ? [{ filename: 'event.ics', content: toBase64(ics), contentType: 'text/calendar; charset=utf-8' }]
    : [];
}

/**
 * The mail to hand to the provider; the message id is the idempotency key. The same message
 * renders to the same bytes on every try (Resend refuses a key reused for other content).
 */
export async function renderOutboxMail(site: SiteSettings, message: OutboxMessage): Promise<OutgoingMail> {
  const common = { idempotencyKey: message.id };
  switch (message.kind) {
    case 'participant_confirmation': {
      const {
        participant: person,
        event: booked,
        manageToken,
        invoice,
        addedByStaff,
        reactivated,
        hold,
        confirmHold,
        ticket,
      } = parse('participant_confirmation', message);
      const manage = manageToken ? { reference: person.reference, token: manageToken } : undefined;
      // The booking reference names the calendar entry as on the confirmation page.
      const attachments = calendarAttachment(site, person.reference, booked, message.created_at);
      if (invoice) {
        attachments.push(await invoiceAttachmentOf(invoice, bookingInvoice(invoiceBooking(person, booked))));
      }
      if (ticket) attachments.push(await ticketAttachment(ticket));
      return {
        ...participantConfirmation(
          site,
          person,
          booked,
          manage,
          invoice,
          { addedByStaff, reactivated, holdExpiresAt: hold?.expiresAt, confirmHold },
          ticket,
        ),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        attachments,
        ...common,
      };
    }
    case 'registration_notice': {
      const { participant: person, event: booked } = parse('registration_notice', message);
      return {
        ...providerRegistrationNotice(site, person, booked),
        to: [site.email],
        replyTo: person.email,
        ...common,
      };
    }
    case 'payment_receipt': {
      const {
        participant: person,
        event: booked,
        payment,
        receipt,
        ticket,
      } = parse('payment_receipt', message);
      // The PDF when the provider's address is known (mail_outbox_attach_receipt); the QR ticket
      // once the payment has booked the seat (mail_outbox_attach_ticket).
      const attachments = [
        ...(receipt
          ? [
              await receiptAttachment({
                kind: 'receipt',
                receipt,
                bookingReference: person.reference,
                participantName: person.name,
                participantEmail: person.email,
                eventTitle: booked.title,
                startDate: booked.startDate,
                endDate: booked.endDate,
                amountCents: payment.amountCents,
                method: payment.method,
              }),
            ]
          : []),
        ...(ticket ? [await ticketAttachment(ticket)] : []),
      ];
      return {
        ...paymentReceipt(site, person, booked, payment, ticket),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        attachments: attachments.length > 0 ? attachments : undefined,
        ...common,
      };
    }
    case 'refund_issued': {
      const { participant: person, event: booked, refund, receipt } = parse('refund_issued', message);
      return {
        ...refundIssued(site, person, booked, refund),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        // The credit note ('Gutschrift') when the provider's address is known.
        attachments: receipt
          ? [
              await receiptAttachment({
                kind: 'credit_note',
                receipt,
                bookingReference: person.reference,
                participantName: person.name,
                participantEmail: person.email,
                eventTitle: booked.title,
                startDate: booked.startDate,
                endDate: booked.endDate,
                amountCents: refund.amountCents,
                method: refund.method,
              }),
            ]
          : undefined,
        ...common,
      };
    }
    case 'booking_change': {
      const { participant: person, event: booked, change } = parse('booking_change', message);
      return {
        ...bookingChangeConfirmation(site, person, booked, change),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'booking_change_notice': {
      const { participant: person, event: booked, change } = parse('booking_change_notice', message);
      return {
        ...providerBookingChangeNotice(site, person, booked, change),
        to: [site.email],
        replyTo: person.email,
        ...common,
      };
    }
    case 'invoice_reminder': {
      const { participant: person, event: booked, invoice, reminder } = parse('invoice_reminder', message);
      return {
        ...invoiceReminder(site, person, booked, reminder, Boolean(invoice)),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        // The same QR bill as with the confirmation (mail_outbox_attach_invoice).
        attachments: invoice
          ? [await invoiceAttachmentOf(invoice, bookingInvoice(invoiceBooking(person, booked)))]
          : [],
        ...common,
      };
    }
    case 'booking_cancelled': {
      const { participant: person, event: booked, cancel, money } = parse('booking_cancelled', message);
      // What had been paid (net of earlier refunds) tells "money kept" from "nothing paid" when
      // nothing is refunded. The payload's money already counts this cancellation's refund.
      const paidCents =
        cancel.paidCents ??
        (money ? Math.max(money.paidCents - money.refundedCents + cancel.refundCents, 0) : undefined);
      return {
        ...bookingCancelled(site, person, booked, { ...cancel, paidCents }),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'booking_moved': {
      const {
        participant: person,
        event: booked,
        before,
        money,
        manageToken,
      } = parse('booking_moved', message);
      const manage = manageToken ? { reference: person.reference, token: manageToken } : undefined;
      return {
        ...bookingMoved(site, person, booked, before, money, manage),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        // The new date as a calendar file, under the booking's UID as in the confirmation, so an
        // import replaces the old entry where the calendar can.
        attachments: calendarAttachment(site, person.reference, booked, message.created_at),
        ...common,
      };
    }
    case 'booking_updated': {
      const {
        participant: person,
        event: booked,
        personsBefore,
        personsAfter,
        money,
        manageToken,
      } = parse('booking_updated', message);
      const manage = manageToken ? { reference: person.reference, token: manageToken } : undefined;
      return {
        ...bookingUpdated(
          site,
          person,
          booked,
          { before: personsBefore, after: personsAfter },
          money,
          manage,
        ),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'enquiry_notice': {
      const enquiry = parse('enquiry_notice', message);
      return { ...enquiryNotice(site, enquiry), to: [site.email], replyTo: enquiry.email, ...common };
    }
    case 'newsletter_notice': {
      const { email } = parse('newsletter_notice', message);
      return { ...newsletterNotice(site, email), to: [site.email], ...common };
    }
    case 'gift_voucher': {
      if (!message.recipient) throw new UnrenderableMail('gift_voucher without recipient');
      const mail = parse('gift_voucher', message);
      return {
        ...giftVoucherMail(site, mail),
        to: [message.recipient],
        replyTo: site.email,
        attachments: [await giftVoucherAttachment(site, mail)],
        ...common,
      };
    }
    case 'gift_voucher_invoice': {
      if (!message.recipient) throw new UnrenderableMail('gift_voucher_invoice without recipient');
      const mail = parse('gift_voucher_invoice', message);
      return {
        ...giftVoucherInvoiceMail(site, mail),
        to: [message.recipient],
        replyTo: site.email,
        attachments: [await invoiceAttachmentOf(mail.invoice, giftVoucherInvoice(mail.order))],
        ...common,
      };
    }
    case 'gift_voucher_order_paid': {
      if (!message.recipient) throw new UnrenderableMail('gift_voucher_order_paid without recipient');
      const mail = parse('gift_voucher_order_paid', message);
      return { ...giftVoucherOrderMail(site, mail), to: [message.recipient], replyTo: site.email, ...common };
    }
    case 'admin_invitation': {
      const invitation = parse('admin_invitation', message);
      return { ...adminInvitation(site, invitation), to: [message.recipient ?? invitation.email], ...common };
    }
    case 'participant_message': {
      if (!message.recipient) throw new UnrenderableMail('participant_message without recipient');
      const text = parse('participant_message', message);
      return { ...participantMessage(site, text), to: [message.recipient], replyTo: site.email, ...common };
    }
    case 'waitlist_joined': {
      const { leaveToken, ...mail } = parse('waitlist_joined', message);
      return {
        ...waitlistJoined(site, mail, leaveToken),
        to: [message.recipient ?? mail.entry.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'waitlist_offer': {
      const { claimToken, ...mail } = parse('waitlist_offer', message);
      return {
        ...waitlistOffer(site, mail, claimToken),
        to: [message.recipient ?? mail.entry.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'event_reminder': {
      const { participant: person, event: booked, manageToken, ticket } = parse('event_reminder', message);
      return {
        ...eventReminder(site, person, booked, { reference: person.reference, token: manageToken }, ticket),
        attachments: ticket ? [await ticketAttachment(ticket)] : undefined,
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'event_cancelled':
    case 'event_changed': {
      if (!message.recipient) throw new UnrenderableMail(`${message.kind} without recipient`);
      const rendered =
        message.kind === 'event_cancelled'
          ? eventCancelled(site, parse('event_cancelled', message))
          : eventChanged(site, parse('event_changed', message));
      return { ...rendered, to: [message.recipient], replyTo: site.email, ...common };
    }
    default:
      throw new UnrenderableMail(`unknown mail kind ${message.kind}`);
  }
}
