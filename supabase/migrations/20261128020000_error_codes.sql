-- One list of the error codes the SQL functions raise (issue 23, "One list of error codes").
--
-- Every refusal a visitor or an admin can meet is raised as `raise exception '<CODE>'` (the
-- message is the code; DETAIL, where given, carries a field name or a number). Until now the
-- codes were listed again by hand in the site's modules, with no check against the database.
-- This table names each code once, with the German text shown for it:
--
-- * visitor_message: what the public pages show (du-Form), null when no visitor meets the code;
-- * admin_message: what the admin area shows (Sie-Form), null when no admin meets the code.
--
-- A code can reach both audiences (NOT_ENOUGH_SEATS when booking and when an admin offers a
-- waiting-list place), hence two columns and not one audience per row. The texts are those the
-- site showed before; a page may still word a code more precisely for its own situation (a
-- number from DETAIL, the manage page's own wording), but never invents a code: the TypeScript
-- union and the message maps are generated from this table (`npm run db:types`, next to the
-- database types), and tests/db/error-codes.test.ts fails on a raised code missing here and on a
-- code here that no function raises. Unknown codes still show the calm generic text.
--
-- Read-only reference data: everyone may read it (the texts are public anyway), nobody writes
-- it through the API; a new code comes with a migration.

create table public.error_codes (
  code text primary key check (code ~ '^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$'),
  visitor_message text check (visitor_message <> ''),
  admin_message text check (admin_message <> ''),
  constraint error_codes_has_message check (visitor_message is not null or admin_message is not null)
);

comment on table public.error_codes is
  'Every error code the SQL functions raise, with its German text for visitors and/or admins. Generated into TypeScript by npm run db:types.';
comment on column public.error_codes.visitor_message is 'Shown on the public pages (du-Form); null when no visitor meets the code.';
comment on column public.error_codes.admin_message is 'Shown in the admin area (Sie-Form); null when no admin meets the code.';

alter table public.error_codes enable row level security;
revoke all on table public.error_codes from public, anon, authenticated, service_role;
grant select on table public.error_codes to anon, authenticated, service_role;

create policy "Error codes are public"
  on public.error_codes for select
  to anon, authenticated
  using (true);

insert into public.error_codes (code, visitor_message, admin_message) values
  -- Booking (register_for_event, join_waitlist, private.book, private.checked_answers)
  ('EVENT_NOT_FOUND',
   'Dieses Event gibt es nicht mehr. Bitte wähle ein anderes Event.',
   'Das Event gibt es nicht mehr.'),
  ('EVENT_NOT_BOOKABLE',
   'Für dieses Event sind keine Anmeldungen mehr möglich.',
   'Das Event nimmt keine Buchungen an (abgesagt, vorbei, geschlossen oder nicht veröffentlicht).'),
  ('EVENT_CANCELLED',
   'Dieses Event wurde inzwischen abgesagt. Eine Anmeldung ist nicht mehr möglich.',
   'Das Event ist abgesagt.'),
  ('EVENT_SOLD_OUT',
   'Dieses Event ist inzwischen leider ausgebucht.',
   'Das Event ist ausgebucht.'),
  ('PAYMENT_METHOD_NOT_ALLOWED',
   'Die gewählte Zahlungsmethode ist für dieses Event nicht möglich. Bitte wähle eine andere.',
   null),
  -- DETAIL: the per-booking limit; the site names it when it has it.
  ('TOO_MANY_PERSONS',
   'Für so viele Personen ist keine Buchung möglich. Bitte wähle weniger Personen.',
   null),
  -- DETAIL: the seats left; the site names them when it has them.
  ('NOT_ENOUGH_SEATS',
   'Es sind nicht mehr genug Plätze frei. Bitte wähle weniger Personen.',
   'Es sind nicht mehr genug Plätze frei.'),
  -- DETAIL: the refused field; the forms show the field's own text.
  ('INVALID_INPUT',
   'Bitte überprüfe deine Angaben: Name, E-Mail-Adresse und Telefonnummer müssen gültig sein.',
   'Bitte überprüfen Sie Ihre Eingaben.'),
  ('ALREADY_REGISTERED',
   'Mit dieser E-Mail-Adresse bist du für dieses Event bereits angemeldet. Die Bestätigung haben wir dir per E-Mail geschickt (schau auch im Spam-Ordner nach). Für Änderungen melde dich bitte bei uns.',
   null),
  -- DETAIL: the question's id.
  ('ANSWER_REQUIRED',
   'Bitte beantworte die markierte Frage.',
   null),
  ('ANSWER_INVALID',
   'Eine Antwort passt nicht (mehr) zu den Fragen dieses Events. Bitte prüfe die markierte Frage.',
   null),
  -- Waiting list (join_waitlist, claim_waitlist_offer, leave_waitlist)
  ('TOKEN_INVALID',
   'Dieser Link ist ungültig. Bitte verwende den Link aus deiner neusten E-Mail.',
   null),
  ('OFFER_EXPIRED',
   'Dein Angebot ist leider abgelaufen. Die Plätze wurden der nächsten Person auf der Warteliste angeboten.',
   null),
  ('OFFER_CLAIMED',
   'Du hast diesen Platz bereits gebucht. Die Bestätigung haben wir dir per E-Mail geschickt.',
   null),
  ('OFFER_ENDED',
   'Du stehst nicht mehr auf der Warteliste für dieses Event.',
   null),
  ('SEATS_AVAILABLE',
   'Für dieses Event sind wieder Plätze frei. Du kannst dich direkt anmelden.',
   null),
  ('ALREADY_ON_WAITLIST',
   'Mit dieser E-Mail-Adresse stehst du bereits auf der Warteliste für dieses Event. Den Link zum Austragen findest du in unserer E-Mail.',
   null),
  -- The visitor's own changes (change_booking); DEADLINE_PASSED's DETAIL is the deadline.
  ('TOKEN_EXPIRED',
   'Dieser Link ist abgelaufen. Bitte melde dich bei uns, wenn du etwas ändern möchtest.',
   null),
  ('BOOKING_CANCELLED',
   'Diese Buchung ist bereits storniert.',
   null),
  ('DEADLINE_PASSED',
   'Die Frist für kostenlose Änderungen ist abgelaufen. Bitte melde dich bei uns.',
   null),
  -- Online payment (begin_checkout, record_checkout_session); DETAIL: the payment status.
  ('PAYMENT_NOT_OPEN',
   'Die Reservierung ist abgelaufen. Bitte melde dich erneut an.',
   null),
  ('PARTICIPANT_NOT_FOUND',
   'Diese Anmeldung wurde nicht gefunden.',
   'Die Anmeldung gibt es nicht mehr.'),
  -- Admin area
  ('PARTICIPANT_CHANGED',
   null,
   'Die Anmeldung wurde gerade geändert. Bitte laden Sie die Seite neu.'),
  ('PARTICIPANT_CANCELLED',
   null,
   'Diese Anmeldung ist storniert und kann nicht eingecheckt werden.'),
  ('NOT_REFUNDABLE',
   null,
   'Für diese Anmeldung ist keine Rückerstattung möglich (nicht bezahlt oder bereits zurückerstattet).'),
  ('OFFER_NOT_POSSIBLE',
   null,
   'Für diesen Eintrag ist kein Angebot möglich (die Person hat schon ein Angebot, gebucht oder die Liste verlassen).'),
  ('WAITLIST_ENTRY_NOT_FOUND',
   null,
   'Diesen Eintrag gibt es nicht mehr.'),
  ('EVENT_NOT_CANCELLED',
   null,
   'Das Event ist nicht abgesagt. Eine Absage kann erst verschickt werden, wenn das Event abgesagt ist.'),
  ('NOTHING_CHANGED',
   null,
   'Datum, Zeit und Ort sind unverändert. Es gibt keine Änderung mitzuteilen.'),
  ('ENQUIRY_NOT_FOUND',
   null,
   'Diese Anfrage gibt es nicht mehr.'),
  ('MAIL_NOT_FOUND',
   null,
   'Diese E-Mail gibt es nicht mehr.'),
  ('MAIL_NOT_FAILED',
   null,
   'Nur fehlgeschlagene E-Mails können erneut gesendet werden.'),
  -- DETAIL: the German reason (trigger invoice_creditor_check_iban).
  ('INVALID_IBAN',
   null,
   'Die IBAN ist ungültig.'),
  ('LAST_ADMIN',
   null,
   'Es muss immer mindestens ein Admin bleiben.'),
  ('OWN_RIGHTS',
   null,
   'Ihre eigenen Rechte kann nur ein anderer Admin ändern.'),
  ('USER_EXISTS',
   null,
   'Für diese Adresse gibt es bereits ein Konto. Erteilen Sie die Admin-Rechte in der Liste.'),
  ('USER_NOT_FOUND',
   null,
   'Dieses Konto gibt es nicht mehr.');
