// German labels of the states the inbox shows (admin area: "Sie" form, de-CH).

export const ENQUIRY_KIND_LABELS: Record<string, string> = {
  contact: 'Kontakt',
  'corporate-breathwork': 'Unternehmensangebot Breathwork',
};

/** The enquiry's notice to the team, as the outbox reports it. */
export const ENQUIRY_MAIL_LABELS: Record<string, string> = {
  pending: 'Benachrichtigung ausstehend',
  sent: 'Benachrichtigung zugestellt',
  failed: 'Benachrichtigung fehlgeschlagen',
};

export const NEWSLETTER_STATUS_LABELS: Record<string, string> = {
  pending: 'Ausstehend',
  subscribed: 'Angemeldet',
  unsubscribed: 'Abgemeldet',
};

export const NEWSLETTER_SYNC_LABELS: Record<string, string> = {
  pending: 'Mailchimp: ausstehend',
  synced: 'Mailchimp: übertragen',
  failed: 'Mailchimp: fehlgeschlagen',
  not_configured: 'Mailchimp: nicht eingerichtet',
};

export const MAIL_STATE_LABELS: Record<string, string> = {
  queued: 'In Warteschlange',
  sending: 'Wird gesendet',
  sent: 'Gesendet',
  failed: 'Fehlgeschlagen',
};

// The mail kinds' names are shared with the edge functions: @common/mail-kinds.ts.

/** Unknown values are shown as they are. */
export function label(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value;
}
