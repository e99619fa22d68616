import { site } from '@/lib/site';

// The toasts of spec §8 "Contact and enquiries". A failed mail never loses the enquiry (the
// function stores it first), but the visitor is still asked to retry or write directly.

export interface ToastText {
  title: string;
  description: string;
}

export const contactMessages = {
  success: {
    title: 'Nachricht gesendet',
    description: 'Vielen Dank für deine Nachricht. Wir melden uns so bald wie möglich bei dir.',
  },
  failure: {
    title: 'Fehler beim Senden',
    description: `Bitte versuche es später erneut oder schreib uns eine E-Mail an ${site.email}.`,
  },
} satisfies Record<string, ToastText>;

export const corporateMessages = {
  success: {
    title: 'Anfrage gesendet',
    description: `Deine Anfrage wurde an ${site.name} weitergeleitet. Wir melden uns bald bei dir.`,
  },
  failure: {
    title: 'Fehler beim Senden',
    description: `Bitte schreib uns direkt an ${site.email}.`,
  },
} satisfies Record<string, ToastText>;

export const SENDING_LABEL = 'Wird gesendet…';
