import type { Mailbox } from '../mail/mailbox';
import type { StackConfig } from '../types';
import { readTemplateFile, type AuthSettings } from './settings';

/** Hosted Supabase's default sender for auth mails. */
const SENDER = 'Supabase Auth <noreply@mail.app.supabase.io>';

const DEFAULT_SUBJECT = 'Bestätigen Sie Ihre Registrierung';
const DEFAULT_TEMPLATE = `<h2>Registrierung bestätigen</h2>
<p>Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link:</p>
<p><a href="{{ .ConfirmationURL }}">E-Mail-Adresse bestätigen</a></p>
<p>Oder geben Sie diesen Code ein: {{ .Token }}</p>`;

export interface ConfirmationMail {
  email: string;
  otp: string;
  hash: string;
  redirectTo: string;
}

/** GoTrue's template variables (Go template syntax, as in supabase/templates/*.html). */
function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
}

function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g, '$2: $1')
    .replace(/<[^>]+>/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Sends the sign-up confirmation to the local mailbox, where `supabase start` would deliver it
 * to Inbucket/Mailpit. Uses the template configured in config.toml, if any.
 */
export async function sendConfirmationMail(
  mailbox: Mailbox,
  mail: ConfirmationMail,
  config: StackConfig,
  settings: AuthSettings,
): Promise<void> {
  const link = new URL(`${config.apiUrl}/auth/v1/verify`);
  link.searchParams.set('token', mail.hash);
  link.searchParams.set('type', 'signup');
  link.searchParams.set('redirect_to', mail.redirectTo);
  const { subject, contentPath } = settings.confirmationTemplate;
  const template = (contentPath && (await readTemplateFile(contentPath))) || DEFAULT_TEMPLATE;
  const html = fillTemplate(template, {
    ConfirmationURL: link.href,
    Token: mail.otp,
    TokenHash: mail.hash,
    SiteURL: settings.siteUrl,
    Email: mail.email,
    RedirectTo: mail.redirectTo,
  });
  mailbox.add({
    from: SENDER,
    to: [mail.email],
    cc: [],
    bcc: [],
    reply_to: [],
    subject: subject ?? DEFAULT_SUBJECT,
    html,
    text: htmlToText(html),
    attachments: [],
    source: 'auth',
  });
}
