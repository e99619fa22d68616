import type { ContactFormValues, CorporateEnquiryValues } from './schema';

// The forms' empty states, apart from the schemas so that a form renders without loading zod.

export const emptyContactForm: ContactFormValues = { name: '', email: '', subject: '', message: '' };
export const emptyCorporateEnquiry: CorporateEnquiryValues = { name: '', email: '', message: '' };
