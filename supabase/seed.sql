-- Sample data for a fresh local database (`npm run db:reset`, `supabase db reset`).
-- Dates are relative to the day the seed runs, so the sample events stay upcoming.
-- No users here: the local stack creates the admin admin@example.ch itself, and a hosted
-- project never runs this file's data as accounts.
--
-- Counts are not set here: the triggers derive them from the participants, and availability(events)
-- derives "full" from the count.

-- ---------------------------------------------------------------------------------------------
-- Events: the spec's four samples, then one of every category and state
-- ---------------------------------------------------------------------------------------------

insert into public.events (
  id, title, subtitle, description, category, start_date, end_date, start_time, end_time, location,
  price, max_participants, status, image_url, payment_methods, is_cancelled, bring_along
)
values
  ('a1000000-0000-4000-8000-000000000001', 'Breathwork & Brunch', 'Atmen, ankommen, geniessen',
   'Eine geführte Breathwork-Session am Morgen, danach ein saisonaler Brunch mit Zutaten aus der Region. Ideal für alle, die bewusst in den Tag starten möchten.',
   'breathwork', current_date + 14, null, '09:30', '13:00', 'Suhr', 130.00, 15, 'published',
   '/images/tile-atmen-960.webp', array['stripe', 'onsite'], false, 'Bequeme Kleidung und eine Decke'),

  ('a1000000-0000-4000-8000-000000000002', 'Stammtisch', 'Gemeinsam am Tisch',
   'Unser monatlicher Stammtisch mit einem mehrgängigen Naturmenü, vegetarisch oder vegan, und guten Gesprächen in kleiner Runde.',
   'stammtisch', current_date + 21, null, '18:30', '21:30', 'Hirschthal', 95.00, 12, 'published',
   '/images/stammtisch-hero-960.webp', array['stripe', 'onsite'], false, null),

  ('a1000000-0000-4000-8000-000000000003', 'Wildkräuter Workshop', 'Sammeln und verarbeiten',
   'Wir sammeln gemeinsam Wildkräuter am Waldrand, lernen sie sicher zu bestimmen und verarbeiten sie anschliessend zu Pesto, Salz und Tee.',
   'workshop', current_date + 28, null, '14:00', '17:30', 'Hirschthal', 180.00, 8, 'published',
   '/images/workshop-wildkraeuter-960.webp', array['stripe', 'onsite', 'invoice'], false, 'Wetterfeste Schuhe und ein Korb'),

  -- The draft: admins see it, visitors do not.
  ('a1000000-0000-4000-8000-000000000004', 'Waldbaden & Meditation', 'Ruhe im Wald',
   'Achtsames Gehen und Meditieren im Wald, begleitet von einfachen Atemübungen.',
   'retreat', current_date + 35, null, '10:00', '15:00', 'Suhr', 150.00, 10, 'draft',
   '/images/experience-hero-960.webp', array['stripe', 'onsite'], false, 'Sitzkissen und warme Kleidung'),

  ('a1000000-0000-4000-8000-000000000005', 'Sense of Breath: Atem und Klang', 'Ein Abend für die Sinne',
   'Atemreise mit Live-Klängen von Gong und Klangschalen. Wir lassen den Alltag los und kommen mit allen Sinnen an.',
   'sense-of-breath', current_date + 10, null, '19:00', '21:00', 'Suhr', 65.00, 14, 'published',
   '/images/atmen-hero-960.webp', array['stripe', 'onsite'], false, 'Yogamatte und Decke'),

  ('a1000000-0000-4000-8000-000000000006', 'Feuerzauber für Kinder', 'Spielen am Waldrand',
   'Feuer machen, Stockbrot backen und Geschichten hören: ein Vormittag in der Natur für Kinder von 5 bis 10 Jahren.',
   'kids', current_date + 9, null, '09:00', '11:30', 'Hirschthal', 0.00, 12, 'published',
   '/images/tile-kids-960.webp', array['free'], false, 'Wetterfeste Kleidung und ein Znüni'),

  ('a1000000-0000-4000-8000-000000000007', 'Atem-Retreat im Jura', 'Zwei Tage Stille und Atem',
   'Ein Wochenende mit Breathwork, Wanderungen und vegetarischer Küche in einem Gasthaus im Jura. Übernachtung im Doppelzimmer inbegriffen.',
   'retreat', current_date + 45, current_date + 46, '10:00', '16:00', 'Jura', 480.00, 10, 'published',
   '/images/transformation-hero-960.webp', array['stripe'], false, 'Wanderschuhe und Regenjacke'),

  -- Full: as many participants as seats (below), so availability(events) says full.
  ('a1000000-0000-4000-8000-000000000008', 'Pasta von Hand', 'Kochworkshop',
   'Wir machen Pasta von Grund auf: Teig kneten, ausrollen, formen und mit saisonalen Saucen geniessen.',
   'workshop', current_date + 17, null, '17:00', '21:00', 'Suhr', 120.00, 6, 'published',
   '/images/workshop-pasta-960.webp', array['stripe', 'onsite'], false, 'Schürze'),

  -- Cancelled.
  ('a1000000-0000-4000-8000-000000000009', 'Fermentieren für Einsteiger', 'Kochworkshop',
   'Sauerkraut, Kimchi und Kombucha: die Grundlagen des Fermentierens mit Rezepten für zu Hause.',
   'workshop', current_date + 24, null, '14:00', '17:00', 'Hirschthal', 110.00, 10, 'published',
   '/images/workshop-fermentation-960.webp', array['stripe', 'onsite'], true, 'Zwei leere Einmachgläser'),

  -- In the past.
  ('a1000000-0000-4000-8000-000000000010', 'Stammtisch im Herbst', 'Gemeinsam am Tisch',
   'Herbstlicher Stammtisch mit Kürbis, Pilzen und Wildkräutern aus der Region.',
   'stammtisch', current_date - 30, null, '18:30', '21:30', 'Hirschthal', 95.00, 12, 'published',
   '/images/stammtisch-05-960.webp', array['stripe', 'onsite'], false, null),

  -- Archived (last year), ignored by the occupancy statistic.
  ('a1000000-0000-4000-8000-000000000011', 'Breathwork am Morgen', 'Frühlingsspecial',
   'Atemübungen im ersten Licht des Tages, mit Tee und Zopf zum Abschluss.',
   'breathwork', current_date - 200, null, '07:00', '08:30', 'Suhr', 45.00, 15, 'archived',
   '/images/atmen-corporate-960.webp', array['onsite'], false, null);

-- The Kids event's ages (events.min_age / max_age): the card, its page and the Kids page tell them.
update public.events set min_age = 5, max_age = 10 where id = 'a1000000-0000-4000-8000-000000000006';

-- ---------------------------------------------------------------------------------------------
-- Participants (fictitious, example.ch addresses)
-- ---------------------------------------------------------------------------------------------

-- status: the booking's state; 'paid' in the last column: the seed's payment row (below).
create temporary table seed_bookings (event_id uuid, name text, email text, phone text, status text, payment_method text, notes text, registration_date timestamptz, paid boolean);

insert into seed_bookings (event_id, name, email, phone, status, payment_method, notes, registration_date, paid)
values
  ('a1000000-0000-4000-8000-000000000001', 'Anna Müller', 'anna.mueller@example.ch', '+41 79 111 22 33', 'confirmed', 'stripe', '', now() - interval '3 days', true),
  ('a1000000-0000-4000-8000-000000000001', 'Beat Keller', 'beat.keller@example.ch', '+41 78 222 33 44', 'confirmed', 'onsite', 'Vegetarisch, bitte.', now() - interval '2 days', false),
  ('a1000000-0000-4000-8000-000000000001', 'Carla Rossi', 'carla.rossi@example.ch', '+41 76 333 44 55', 'cancelled', 'onsite', '', now() - interval '1 day', false),
  ('a1000000-0000-4000-8000-000000000002', 'Daniel Frei', 'daniel.frei@example.ch', '+41 79 444 55 66', 'confirmed', 'stripe', '', now() - interval '5 days', true),
  ('a1000000-0000-4000-8000-000000000002', 'Anna Müller', 'anna.mueller@example.ch', '+41 79 111 22 33', 'confirmed', 'onsite', 'Vegan', now() - interval '4 hours', false),
  ('a1000000-0000-4000-8000-000000000005', 'Eva Steiner', 'eva.steiner@example.ch', '+41 77 555 66 77', 'confirmed', 'stripe', '', now() - interval '6 hours', false),
  ('a1000000-0000-4000-8000-000000000006', 'Fabienne Graf', 'fabienne.graf@example.ch', '+41 79 666 77 88', 'confirmed', 'free', 'Zwei Kinder, 6 und 8 Jahre', now() - interval '2 hours', false),
  ('a1000000-0000-4000-8000-000000000008', 'Gian Caduff', 'gian.caduff@example.ch', '+41 79 700 00 01', 'confirmed', 'stripe', '', now() - interval '9 days', true),
  ('a1000000-0000-4000-8000-000000000008', 'Heidi Baumann', 'heidi.baumann@example.ch', '+41 79 700 00 02', 'confirmed', 'stripe', '', now() - interval '8 days', true),
  ('a1000000-0000-4000-8000-000000000008', 'Ivo Meier', 'ivo.meier@example.ch', '+41 79 700 00 03', 'confirmed', 'onsite', '', now() - interval '7 days', false),
  ('a1000000-0000-4000-8000-000000000008', 'Jana Huber', 'jana.huber@example.ch', '+41 79 700 00 04', 'confirmed', 'stripe', 'Glutenfrei', now() - interval '6 days', true),
  ('a1000000-0000-4000-8000-000000000008', 'Kurt Zürcher', 'kurt.zuercher@example.ch', '+41 79 700 00 05', 'confirmed', 'onsite', '', now() - interval '5 days', false),
  ('a1000000-0000-4000-8000-000000000008', 'Laura Weber', 'laura.weber@example.ch', '+41 79 700 00 06', 'confirmed', 'stripe', '', now() - interval '4 days', true),
  ('a1000000-0000-4000-8000-000000000010', 'Daniel Frei', 'daniel.frei@example.ch', '+41 79 444 55 66', 'confirmed', 'onsite', '', now() - interval '40 days', true),
  ('a1000000-0000-4000-8000-000000000010', 'Mia Schneider', 'mia.schneider@example.ch', '+41 78 800 90 10', 'confirmed', 'onsite', '', now() - interval '38 days', true);

insert into public.participants (event_id, name, email, phone, status, payment_method, notes, registration_date)
select event_id, name, email, phone, status, payment_method, notes, registration_date
  from seed_bookings order by registration_date;

-- Money lives in payment rows (issue 24): the paid bookings' payments, card for online ones.
insert into public.payments (participant_id, method, amount_cents, currency, provider_reference, created_at)
select p.id,
       case when p.payment_method = 'stripe' then 'card' else p.payment_method end,
       (round(e.price * 100))::integer * p.persons,
       'CHF',
       case when p.payment_method = 'stripe' then 'pi_seed' || substr(md5(p.id::text), 1, 20) end,
       b.registration_date
  from seed_bookings b
  join public.participants p on p.event_id = b.event_id and p.email = b.email
  join public.events e on e.id = p.event_id
 where b.paid and e.price > 0;

-- The history's first row of each seeded booking (bookings made through the transitions write it
-- themselves).
insert into public.booking_history (participant_id, created_at, actor, action, status_before, status_after, persons_before, persons_after, event_before, event_after)
select p.id, p.registration_date, 'system', 'booked', null, 'confirmed', null, p.persons, null, p.event_id
  from public.participants p
union all
select p.id, p.registration_date + interval '1 hour', 'visitor', 'cancelled_by_visitor', 'confirmed', p.status,
       p.persons, p.persons, p.event_id, p.event_id
  from public.participants p where p.status = 'cancelled';

drop table seed_bookings;

-- ---------------------------------------------------------------------------------------------
-- The creditor of invoices (payment by QR bill): the QR-IBAN of the Swiss Payment Standards'
-- examples, so invoice bookings work locally. A hosted project enters its own (docs/deployment.md).
-- The address is the provider's one address (src/lib/site.ts, footer, contact, imprint, privacy).
-- ---------------------------------------------------------------------------------------------

insert into public.invoice_creditor (name, street, building_number, postal_code, city, country, iban, payment_days)
values ('Sinneswerk', 'Tramstrasse', '12', '5034', 'Suhr', 'CH', 'CH44 3199 9123 0008 8901 2', 10);

-- ---------------------------------------------------------------------------------------------
-- Blog
-- ---------------------------------------------------------------------------------------------

insert into public.blog_posts (title, excerpt, image_url, published_date, content, status)
values (
  'Warum wir mit allen Sinnen kochen',
  'Was ein Abend am Stammtisch mit Atmen, Riechen und Zuhören zu tun hat, und warum wir Wildkräuter lieber selber sammeln.',
  '/images/essen-gallery-3-960.webp',
  current_date - 7,
  E'Wer bei uns an den Tisch sitzt, isst nicht nur. Bevor der erste Gang kommt, halten wir kurz inne: ein paar bewusste Atemzüge, der Duft von frischem Brot, das Knistern im Ofen. So beginnt jedes Essen ein wenig langsamer und ein wenig aufmerksamer.\n\n'
  || E'Die Zutaten holen wir, wo immer es geht, aus der Region. Im Frühling sammeln wir Bärlauch und Giersch am Waldrand, im Sommer Holunderblüten, im Herbst Pilze und Hagebutten. Was wir selber gesammelt haben, schmeckt anders, weil wir wissen, woher es kommt.\n\n'
  || E'Am Stammtisch sitzen Menschen zusammen, die sich vorher nicht kannten. Nach drei Stunden, einigen Gängen und vielen Gesprächen verabschieden sie sich oft wie alte Bekannte. Genau darum geht es uns: gemeinsam geniessen, entdecken und verbinden.\n\n'
  || E'Neugierig geworden? Die nächsten Daten findest du unter Events. Wir freuen uns auf dich.',
  'published'
);
