import { z } from 'zod';

/** What the send-contact-email function answers (src/features/contact/api/send-enquiry.ts). */
export const enquiryAnswerSchema = z.object({
  success: z.boolean(),
  enquiryId: z.string().optional(),
  error: z.string().optional(),
  /** A refused field: `code: 'INVALID_INPUT'`, `detail` the body's field (docs/contracts.md). */
  code: z.string().optional(),
  detail: z.string().nullable().optional(),
});
export type EnquiryAnswer = z.infer<typeof enquiryAnswerSchema>;
