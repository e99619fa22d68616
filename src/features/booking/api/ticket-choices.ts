import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Database } from '@common/database.ts';

// The ticket types of an event for the booking form (issue 28, public.event_ticket_choices):
// none for an event that books every person at its price.

type ChoiceRow = Database['public']['Functions']['event_ticket_choices']['Returns'][number];
/** seats_left is null for a type only the event's seats limit (the generator cannot tell). */
export type TicketChoice = Omit<ChoiceRow, 'seats_left'> & { seats_left: number | null };

/** Persons per ticket type id, as the form holds and the booking sends them. */
export type TicketCounts = Record<string, number>;

export async function getTicketChoices(eventId: string): Promise<TicketChoice[]> {
  const { data, error } = await supabase.rpc('event_ticket_choices', { p_event_id: eventId });
  if (error) throw error;
  return data;
}

export function useTicketChoices(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['ticket-choices', eventId],
    queryFn: () => getTicketChoices(eventId),
    enabled,
  });
}

/** How many persons the counts hold. */
export function ticketPersons(counts: TicketCounts | undefined): number {
  return Object.values(counts ?? {}).reduce((sum, count) => sum + count, 0);
}

/** What the counts cost before any discount, in centimes (each type's price as the database rounds it). */
export function ticketGrossCents(choices: readonly TicketChoice[], counts: TicketCounts | undefined): number {
  return choices.reduce(
    (sum, choice) => sum + Math.round(choice.price * 100) * (counts?.[choice.id] ?? 0),
    0,
  );
}
