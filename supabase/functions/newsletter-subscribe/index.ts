// Newsletter sign-up: stored locally first (never lost), then added to the Mailchimp audience
// as 'pending' so Mailchimp sends its double opt-in mail. With ccAdmin the provider's own
// configured address is told (through the mail outbox); the caller's adminEmail is ignored so
// this cannot relay mail.
import { HttpError, serveJson } from '../_shared/http.ts';
import { readMailchimpConfig, upsertPendingMember } from '../_shared/mailchimp.ts';
import { guardPublicWrite } from '../_shared/public-write.ts';
import { emailRule, NEWSLETTER_PER_ADDRESS, NEWSLETTER_PER_EMAIL } from '../_shared/rate-limit.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { newsletterRequest, parseRequest } from '../_shared/validation.ts';
import type { TablesUpdate } from '@common/database.ts';

const SUCCESS_MESSAGE =
  'Vielen Dank für deine Anmeldung! Bitte bestätige deine E-Mail-Adresse über den Link, den wir dir gesendet haben.';
const NOT_CONFIGURED = 'Der Newsletter-Dienst ist nicht vollständig eingerichtet.';
const SYNC_FAILED =
  'Die Anmeldung konnte nicht an den Newsletter-Dienst übermittelt werden. Bitte versuche es später erneut.';
const MEMBER_STATUSES = new Set(['pending', 'subscribed', 'unsubscribed']);

Deno.serve(
  serveJson(async (body, req) => {
    const input = parseRequest(newsletterRequest, body);
    const email = input.email.toLowerCase();
    const service = createServiceClient();
    await guardPublicWrite(service, req, body, {
      perAddress: NEWSLETTER_PER_ADDRESS,
      more: [emailRule(NEWSLETTER_PER_EMAIL, email)],
    });

    // The sign-up and (with ccAdmin) the provider's notice are stored in one transaction; the
    // mail outbox delivers the notice. An existing row keeps its status.
    const { error: storeError } = await service.rpc('subscribe_to_newsletter', {
      p_email: email,
      p_notify_provider: input.ccAdmin,
    });
    if (storeError) throw new Error(`Storing the subscription failed: ${storeError.message}`);

    const recordSync = async (fields: TablesUpdate<'newsletter_subscriptions'>) => {
      const { error } = await service.from('newsletter_subscriptions').update(fields).eq('email', email);
      if (error) console.error('Recording the newsletter sync failed', email, error.message);
    };

    const { config, state } = readMailchimpConfig();
    if (!config) {
      await recordSync({ sync_status: 'not_configured', sync_error: 'Mailchimp configuration missing' });
      throw new HttpError(500, NOT_CONFIGURED, { details: state });
    }

    const synced = await upsertPendingMember(config, email);
    if (!synced.ok) {
      console.error('Mailchimp sync failed', synced.error);
      await recordSync({ sync_status: 'failed', sync_error: synced.error });
      throw new HttpError(502, SYNC_FAILED);
    }
    await recordSync({
      sync_status: 'synced',
      sync_error: null,
      ...(MEMBER_STATUSES.has(synced.status) ? { status: synced.status } : {}),
    });

    return { body: { success: true, message: SUCCESS_MESSAGE } };
  }),
);
