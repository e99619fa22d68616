/** Query keys of the visitor's own registration, asked with its one-time token. */
export const bookingKeys = {
  all: ['booking'] as const,
  /** The booking read with its manage link; a change there refreshes everything below it. */
  view: (reference: string, token: string) => [...bookingKeys.all, reference, token] as const,
  receipts: (reference: string, token: string) =>
    [...bookingKeys.view(reference, token), 'receipts'] as const,
  paymentState: (participantId: string, token: string) =>
    [...bookingKeys.all, 'payment-state', participantId, token] as const,
};
