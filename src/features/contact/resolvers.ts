import { zodResolver } from '@hookform/resolvers/zod';
import { contactFormSchema, corporateEnquirySchema } from './schema';

// The forms' validation, loaded on first validation (src/lib/lazy-resolver.ts): zod stays out
// of the initial JavaScript of /contact and /atmen.

export const contactFormResolver = zodResolver(contactFormSchema);
export const corporateEnquiryResolver = zodResolver(corporateEnquirySchema);
