// The ticket's QR code (issue 28), drawn alike by the confirmation and manage pages (SVG) and by
// the mails (PNG): error correction 'M' survives a scratched print or a cracked phone screen, and
// the four-module quiet zone is what a scanner needs around the code.

export const TICKET_QR_OPTIONS = { ecc: 'M', border: 4 } as const;

export const TICKET_HEADING = 'Dein Ticket';

/** Shown with the code, on the pages and in the mails. */
export const TICKET_HINT =
  'Zeig diesen QR-Code beim Einlass – auf dem Handy oder ausgedruckt. Darunter steht der Code auch als Text.';
