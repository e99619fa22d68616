import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@common/database.ts';
import { participantKeys } from './participant-keys';

// Messages to participants and, per event, its waiting list (supabase/schemas/60_admin.sql): the placeholders are filled by the database, for the preview and every mail.

export interface MessageDraft {
  subject: string;
  body: string;
}

export type MessageLogEntry = Pick<
  Tables<'participant_messages'>,
  'id' | 'subject' | 'recipients' | 'created_at'
>;

const previewSchema = z.object({ subject: z.string(), body: z.string() });

export async function previewMessage(participantId: string, draft: MessageDraft): Promise<MessageDraft> {
  const { data, error } = await supabase.rpc('admin_preview_message', {
    p_participant_id: participantId,
    p_subject: draft.subject,
    p_body: draft.body,
  });
  if (error) throw error;
  return previewSchema.parse(data);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      participantIds,
      draft,
      waitlistEventId,
    }: {
      participantIds: string[];
      draft: MessageDraft;
      /** Also everybody still on this event's waiting list (one mail per address). */
      waitlistEventId?: string;
    }) => {
      const { data, error } = await supabase.rpc('admin_send_message', {
        p_participant_ids: participantIds,
        p_subject: draft.subject,
        p_body: draft.body,
        p_waitlist_event_id: waitlistEventId,
      });
      if (error) throw error;
      return data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}

/**
 * The addresses still on an event's waiting list ('waiting' or 'offered'), lower-cased and once
 * each: admin_send_message mails each of them that did not book.
 */
export function useWaitingAddresses(eventId: string | null) {
  return useQuery({
    queryKey: [...participantKeys.all, 'waiting-addresses', eventId],
    enabled: eventId !== null,
    queryFn: async (): Promise<string[]> => {
      const { data, error } = await supabase.rpc('admin_waitlist', { p_event_id: eventId ?? '' });
      if (error) throw error;
      const waiting = data.filter((entry) => entry.status === 'waiting' || entry.status === 'offered');
      return [...new Set(waiting.map((entry) => entry.email.trim().toLowerCase()))];
    },
  });
}

/** What was sent to an event's participants, newest first. */
export function messageLogQueryOptions(eventId: string | null) {
  return queryOptions({
    queryKey: [...participantKeys.all, 'messages', eventId],
    enabled: eventId !== null,
    queryFn: async (): Promise<MessageLogEntry[]> => {
      const { data, error } = await supabase
        .from('participant_messages')
        .select('id, subject, recipients, created_at')
        .eq('event_id', eventId ?? '')
        .order('created_at', { ascending: false });
      if (error) throw error;
      return data;
    },
  });
}

export function useMessageLog(eventId: string | null) {
  return useQuery(messageLogQueryOptions(eventId));
}
