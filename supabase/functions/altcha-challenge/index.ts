// Hands out a signed proof-of-work challenge for the ALTCHA widget on the public forms
// (booking, contact, corporate enquiry, newsletter). A plain GET, as the widget fetches its
// challengeurl without the API key; nothing is stored until a form comes back solved.
import { newChallenge } from '../_shared/altcha.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { siteOrigins } from '../_shared/env.ts';

Deno.serve(async (req) => {
  const cors = corsHeaders(req.headers.get('origin'), siteOrigins());
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  if (req.method !== 'GET') {
    return Response.json(
      { success: false, error: 'Methode nicht erlaubt.' },
      { status: 405, headers: { ...cors, Allow: 'GET, OPTIONS' } },
    );
  }
  try {
    return Response.json(await newChallenge(), { headers: { ...cors, 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error('Creating a challenge failed', error);
    return Response.json(
      {
        success: false,
        error: 'Die Sicherheitsprüfung ist gerade nicht verfügbar. Bitte versuche es später erneut.',
      },
      { status: 500, headers: cors },
    );
  }
});
