import { answersText } from '@/lib/event-questions';
import { paymentMethodLabel } from '../lib/admin-participant';
import { cents } from '../lib/booking-state';
import { checkinCounts, eventLine, type CheckinList } from '../lib/checkin';
import { formatPhone } from '@common/contact-rules.ts';
import { bookingsLabel, personsLabel } from '@common/format.ts';

/**
 * The printed list (A4, print only): the event, one line per booking with persons, paid, phone
 * answers and notes, and an empty box to tick at the door.
 */
export function CheckinPrintList({ list }: { list: CheckinList }) {
  const { expected } = checkinCounts(list.entries);
  return (
    <section className="hidden text-black print:block" aria-label="Druckliste">
      <h1 className="text-xl font-semibold">{list.event.title}</h1>
      <p className="mb-1 text-sm">{eventLine(list.event)}</p>
      <p className="mb-4 text-sm">
        {bookingsLabel(list.entries.length)} · {personsLabel(expected)} (max. {list.event.maxParticipants})
      </p>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b-2 border-black text-left">
            <th className="w-8 py-1" scope="col">
              <span className="sr-only">Anwesend</span>
            </th>
            <th className="py-1 pr-2" scope="col">
              Name
            </th>
            <th className="py-1 pr-2 text-right" scope="col">
              Pers.
            </th>
            <th className="py-1 pr-2" scope="col">
              Bezahlt
            </th>
            <th className="py-1 pr-2" scope="col">
              Telefon
            </th>
            <th className="py-1" scope="col">
              Antworten / Kommentar
            </th>
          </tr>
        </thead>
        <tbody>
          {list.entries.map((entry) => (
            <tr key={entry.id} className="break-inside-avoid border-b border-black/40 align-top">
              <td className="py-2">
                <span className="inline-block h-4 w-4 border border-black" aria-hidden="true" />
              </td>
              <td className="py-2 pr-2 font-medium [overflow-wrap:anywhere]">{entry.name}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{entry.persons}</td>
              <td className="py-2 pr-2">
                {entry.openCents === 0
                  ? 'Ja'
                  : `Offen ${cents(entry.openCents)} (${paymentMethodLabel(entry.paymentMethod)})`}
              </td>
              <td className="py-2 pr-2 whitespace-nowrap">{formatPhone(entry.phone)}</td>
              <td className="py-2 whitespace-pre-wrap break-words">
                {[answersText(entry.answers), entry.notes].filter(Boolean).join('\n')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
