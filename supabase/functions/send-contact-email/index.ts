// Contact form and corporate breathwork enquiry. The enquiry is stored first, then mailed to
// the provider with reply-to the visitor, and the outcome is recorded on the row: a failed mail
// never loses the enquiry. Only the provider receives mail, so this cannot relay spam.
import { siteSettings } from '../_shared/env.ts';
import { HttpError, serveJson } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { clientIp, enforceRateLimits } from '../_shared/rate-limit.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { enquiryNotice, type MailEnquiry } from '../_shared/templates.ts';
import { contactRequest, corporateRequest, parseRequest } from '../_shared/validation.ts';

const CORPORATE_SUBJECT = 'Anfrage Unternehmensangebot Breathwork';
const MAIL_FAILED =
  'Deine Nachricht wurde gespeichert, konnte aber nicht per E-Mail weitergeleitet werden. Bitte versuche es später erneut.';

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
    await enforceRateLimits(service, [
      { key: `enquiry:ip:${clientIp(req)}`, limit: 5, windowSeconds: 600 },
      { key: `enquiry:email:${enquiry.email.toLowerCase()}`, limit: 3, windowSeconds: 3600 },
    ]);

    const { data: row, error: insertError } = await service
      .from('enquiries')
      .insert({ ...enquiry, mail_status: 'pending' })
      .select('id')
      .single();
    if (insertError || !row) throw new Error(`Storing the enquiry failed: ${insertError?.message}`);
    const enquiryId: string = row.id;

    const mail = enquiryNotice(siteSettings(), enquiry);
    const sent = await sendMail({ ...mail, to: [siteSettings().email], replyTo: enquiry.email });

    const { error: updateError } = await service
      .from('enquiries')
      .update(
        sent.ok
          ? { mail_status: 'sent', mail_error: null }
          : { mail_status: 'failed', mail_error: sent.error },
      )
      .eq('id', enquiryId);
    if (updateError) console.error('Recording the mail status failed', enquiryId, updateError.message);

    if (!sent.ok) {
      console.error('Enquiry mail failed', enquiryId, sent.error);
      throw new HttpError(502, MAIL_FAILED, { enquiryId });
    }
    return { body: { success: true, enquiryId } };
  }),
);
