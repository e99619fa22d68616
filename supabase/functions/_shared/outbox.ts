import { z } from 'npm:zod@4';
import type { SiteSettings } from './env.ts';
import { eventCancelled, eventChanged, eventReminder } from './event-mails.ts';
import { bookingUid, buildIcs, toBase64 } from '@common/ics.ts';
import {
  type InvoiceBooking,
  type InvoiceData,
  invoiceAttachment,
  invoicePayload,
  ValidationError,
} from './invoice.ts';
import type { MailAttachment, OutgoingMail } from './mail.ts';
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

// Turns a row of public.mail_outbox (kind + payload, written by the SQL functions of migration
// 20261124000300) into the mail the provider receives, with the templates of templates.ts.
// Runtime-neutral, so the Deno unit tests can check every kind.

const participant = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  notes: z.string(),
  persons: z.number().int().positive().optional(),
  reference: z.string().optional(),
  // participants.answers (booking_mail_payload from 20261127001310).
  answers: z.array(z.object({ label: z.string(), answer: z.string() })).optional(),
});

const event = z.object({
  title: z.string(),
  description: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** 'HH:MM' or null (events.start_time / end_time). */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  location: z.string(),
  price: z.union([z.number(), z.string()]),
  bringAlong: z.string().nullable(),
});

// A registration by invoice carries its invoice (SQL private.invoice_mail_payload).
const bookingPayload = z.object({ participant, event, invoice: invoicePayload.optional() });

/** The confirmation carries a manage token (migration 20261125001300) since references exist. */
const confirmationPayload = bookingPayload.extend({ manageToken: z.string().optional() });

/** The reminder the day before (migration 20261125001100): the booking, what it reminds of, a manage token. */
const reminderPayload = bookingPayload.extend({
  manageToken: z.string().optional(),
  reminder: z.object({ eventId: z.string(), startDate: z.string() }),
});

const noticeEvent = z.object({
  title: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** 'HH:MM' or null (events.start_time / end_time). */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  location: z.string(),
});

const cancellationPayload = z.object({
  name: z.string(),
  paid: z.boolean(),
  waitlist: z.boolean(),
  message: z.string(),
  event: noticeEvent,
});

const changePayload = z.object({
  name: z.string(),
  waitlist: z.boolean(),
  message: z.string(),
  before: noticeEvent.omit({ title: true }),
  event: noticeEvent,
  reference: z.string().optional(),
  manageToken: z.string().optional(),
});

const receiptPayload = z.object({
  participant,
  event,
  payment: z.object({ amountCents: z.number().int(), paidAt: z.string() }),
});

const refundPayload = z.object({
  participant,
  event,
  refund: z.object({ amountCents: z.number().int().positive(), method: z.enum(['stripe', 'transfer']) }),
});

const bookingChangePayload = z.object({
  participant,
  event,
  change: z.object({
    kind: z.enum(['cancelled', 'reduced']),
    personsBefore: z.number().int(),
    personsAfter: z.number().int(),
  }),
});

const enquiryPayload = z.object({
  kind: z.enum(['contact', 'corporate-breathwork']),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
});

const newsletterPayload = z.object({ email: z.string() });

const invitationPayload = z.object({ email: z.string(), invitedBy: z.string() });

const messagePayload = z.object({ subject: z.string(), text: z.string() });

const waitlistPayload = z.object({
  entry: z.object({
    name: z.string(),
    email: z.string(),
    persons: z.number().int().positive(),
    position: z.number().int(),
    offerExpiresAt: z.string().nullable(),
    offerHours: z.number().int().positive(),
  }),
  event: z.object({
    title: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    location: z.string(),
    price: z.union([z.number(), z.string()]),
  }),
});
const waitlistJoinedPayload = waitlistPayload.extend({ leaveToken: z.string() });
const waitlistOfferPayload = waitlistPayload.extend({ claimToken: z.string() });

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

function parse<T>(schema: z.ZodType<T>, message: OutboxMessage): T {
  const result = schema.safeParse(message.payload);
  if (!result.success) {
    throw new UnrenderableMail(`payload of ${message.kind} is malformed: ${result.error.issues[0]?.message}`);
  }
  return result.data;
}

/** The invoice PDF; data the QR bill refuses (swissqrbill's ValidationError) will not render on a retry either. */
async function invoiceAttachmentOf(invoice: InvoiceData, booking: InvoiceBooking): Promise<MailAttachment> {
  try {
    return await invoiceAttachment(invoice, booking);
  } catch (error) {
    if (error instanceof ValidationError) throw new UnrenderableMail(`invoice: ${error.message}`);
    throw error;
  }
}

function calendarAttachment(
  site: SiteSettings,
  reference: string,
  data: z.infer<typeof event>,
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
      } = parse(confirmationPayload, message);
      const manage =
        manageToken && person.reference ? { reference: person.reference, token: manageToken } : undefined;
      // The booking reference names the calendar entry as on the confirmation page (mails queued
      // before references existed use the registration's id).
      const attachments = calendarAttachment(site, person.reference ?? person.id, booked, message.created_at);
      if (invoice) {
        attachments.push(
          await invoiceAttachmentOf(invoice, {
            bookingReference: person.reference,
            participantName: person.name,
            participantEmail: person.email,
            eventTitle: booked.title,
            startDate: booked.startDate,
            endDate: booked.endDate,
            persons: person.persons ?? 1,
            price: booked.price,
          }),
        );
      }
      return {
        ...participantConfirmation(site, person, booked, manage, invoice),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        attachments,
        ...common,
      };
    }
    case 'registration_notice': {
      const { participant: person, event: booked } = parse(bookingPayload, message);
      return {
        ...providerRegistrationNotice(site, person, booked),
        to: [site.email],
        replyTo: person.email,
        ...common,
      };
    }
    case 'payment_receipt': {
      const { participant: person, event: booked, payment } = parse(receiptPayload, message);
      return {
        ...paymentReceipt(site, person, booked, payment),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'refund_issued': {
      const { participant: person, event: booked, refund } = parse(refundPayload, message);
      return {
        ...refundIssued(site, person, booked, refund),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'booking_change': {
      const { participant: person, event: booked, change } = parse(bookingChangePayload, message);
      return {
        ...bookingChangeConfirmation(site, person, booked, change),
        to: [message.recipient ?? person.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'booking_change_notice': {
      const { participant: person, event: booked, change } = parse(bookingChangePayload, message);
      return {
        ...providerBookingChangeNotice(site, person, booked, change),
        to: [site.email],
        replyTo: person.email,
        ...common,
      };
    }
    case 'enquiry_notice': {
      const enquiry = parse(enquiryPayload, message);
      return { ...enquiryNotice(site, enquiry), to: [site.email], replyTo: enquiry.email, ...common };
    }
    case 'newsletter_notice': {
      const { email } = parse(newsletterPayload, message);
      return { ...newsletterNotice(site, email), to: [site.email], ...common };
    }
    case 'admin_invitation': {
      const invitation = parse(invitationPayload, message);
      return { ...adminInvitation(site, invitation), to: [message.recipient ?? invitation.email], ...common };
    }
    case 'participant_message': {
      if (!message.recipient) throw new UnrenderableMail('participant_message without recipient');
      const text = parse(messagePayload, message);
      return { ...participantMessage(site, text), to: [message.recipient], replyTo: site.email, ...common };
    }
    case 'waitlist_joined': {
      const { leaveToken, ...mail } = parse(waitlistJoinedPayload, message);
      return {
        ...waitlistJoined(site, mail, leaveToken),
        to: [message.recipient ?? mail.entry.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'waitlist_offer': {
      const { claimToken, ...mail } = parse(waitlistOfferPayload, message);
      return {
        ...waitlistOffer(site, mail, claimToken),
        to: [message.recipient ?? mail.entry.email],
        replyTo: site.email,
        ...common,
      };
    }
    case 'event_reminder': {
      const { participant: person, event: booked, manageToken } = parse(reminderPayload, message);
      const manage =
        manageToken && person.reference ? { reference: person.reference, token: manageToken } : undefined;
      return {
        ...eventReminder(site, person, booked, manage),
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
          ? eventCancelled(site, parse(cancellationPayload, message))
          : eventChanged(site, parse(changePayload, message));
      return { ...rendered, to: [message.recipient], replyTo: site.email, ...common };
    }
    default:
      throw new UnrenderableMail(`unknown mail kind ${message.kind}`);
  }
}
