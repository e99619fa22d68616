import { toAdminParticipant } from '@/features/admin-participants/api/participant-types';
import { filterParticipants, participantStats } from '@/features/admin-participants/participant-filters';
import { csvCell, participantsToCsv } from '@/features/admin-participants/participants-csv';
import { participantRow } from './fixtures';

const anna = toAdminParticipant(participantRow());
const annaAgain = toAdminParticipant(
  participantRow({ id: 'p2', email: 'ANNA@example.ch', payment_status: 'paid', event_id: 'e2', event: null }),
);
const ben = toAdminParticipant(
  participantRow({
    id: 'p3',
    name: 'Ben Beispiel',
    email: 'ben@example.ch',
    payment_status: 'cancelled',
    notes: 'Vegan; "bitte"',
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
      '"Name";"E-Mail";"Telefon";"Event";"Eventdatum";"Status";"Zahlungsart";"Anmeldedatum";"Kommentar"',
    );
  });

  it('writes de-CH dates in Zurich time and German labels', () => {
    // 09:30 UTC on 20 November is 10:30 in Zurich.
    expect(lines[1]).toBe(
      '"Anna Muster";"anna@example.ch";"+41 79 111 22 33";"Breathwork & Brunch";"15.03.2099";"Ausstehend";"Vor Ort";"20.11.2026 10:30";""',
    );
  });

  it('escapes quotes and keeps semicolons inside a cell', () => {
    expect(lines[2]).toContain('"Storniert"');
    expect(lines[2]?.endsWith('"Vegan; ""bitte"""')).toBe(true);
  });

  it('defuses cells a spreadsheet would run as formulas but keeps phone numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(1)')).toBe('"\'@SUM(1)"');
    expect(csvCell('+41 79 000 00 00')).toBe('"+41 79 000 00 00"');
  });
});
