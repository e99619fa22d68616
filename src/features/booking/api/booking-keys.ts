/** Query keys of the visitor's own registration, asked with its one-time token. */
export const bookingKeys = {
  all: ['booking'] as const,
  paymentState: (participantId: string, token: string) =>
    [...bookingKeys.all, 'payment-state', participantId, token] as const,
};
