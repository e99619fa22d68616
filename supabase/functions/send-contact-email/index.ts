// Contact form and corporate breathwork enquiry. The enquiry is stored together with its mail
// to the provider (reply-to the visitor) in the mail outbox, which delivers it with retries: a
// provider outage never loses the enquiry nor its mail. Only the provider receives mail, so
// this cannot relay spam. Checked first: the proof-of-work challenge and the per-address limit.
import { serveJson } from '../_shared/http.ts';
import { guardPublicWrite } from '../_shared/public-write.ts';
import { emailRule, ENQUIRIES_PER_ADDRESS, ENQUIRIES_PER_EMAIL } from '../_shared/rate-limit.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import type { MailEnquiry } from '../_shared/mail-payloads.ts';
import { contactRequest, corporateRequest, parseRequest } from '../_shared/validation.ts';

const CORPORATE_SUBJECT = 'Anfrage Unternehmensangebot Breathwork';

function readEnquiry(body: unknown): MailEnquiry {
  const type = (body as { type?: unknown } | null)?.type;
  if (type === 'corporate-breathwork') {
    const input = parseRequest(corporateRequest, body);
    return {
      kind: type,
      name: input.name,
      email: input.email,
      subject: CORPORATE_SUBJECT,
      message: input.message,
    };
  }
  const input = parseRequest(contactRequest, body);
  return {
    kind: 'contact',
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
  };
}

Deno.serve(
  serveJson(async (body, req) => {
    const enquiry = readEnquiry(body);
    const service = createServiceClient();
    await guardPublicWrite(service, req, body, {
      perAddress: ENQUIRIES_PER_ADDRESS,
      more: [emailRule(ENQUIRIES_PER_EMAIL, enquiry.email)],
    });

    // The enquiry and its mail to the provider are stored in one transaction; the outbox
    // delivers the mail (process-outbox), so the answer never waits for the mail provider.
    const { data: enquiryId, error } = await service.rpc('submit_enquiry', {
      p_kind: enquiry.kind,
      p_name: enquiry.name,
      p_email: enquiry.email,
      p_subject: enquiry.subject,
      p_message: enquiry.message,
    });
    if (error || !enquiryId) throw new Error(`Storing the enquiry failed: ${error?.message}`);
    return { body: { success: true, enquiryId } };
  }),
);
