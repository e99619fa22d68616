import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { EVENING_STATES } from '@/lib/hut-calendar';
import { supabase } from '@/lib/supabase';

// The hut's season as the admin sees it (public.admin_hut_month, issue 27): every day with its
// state, the block's reason and the booking holding the evening; blocking and opening evenings
// (admin_block_hut_evening / admin_unblock_hut_evening). The database checks the admin.

const monthSchema = z.object({
  month: z.string(),
  evenings: z.array(
    z.object({
      day: z.string(),
      state: z.enum(EVENING_STATES),
      blocked_reason: z.string().nullable(),
      event_id: z.string().nullable(),
      booking: z
        .object({
          participant_id: z.string(),
          reference: z.string(),
          name: z.string(),
          persons: z.number().int(),
          status: z.string(),
          payment_method: z.string(),
          payment_status: z.string(),
          owed_cents: z.number().int(),
          open_cents: z.number().int(),
        })
        .nullable(),
    }),
  ),
});

export type AdminHutMonth = z.infer<typeof monthSchema>;
export type AdminHutEvening = AdminHutMonth['evenings'][number];

const keys = {
  all: ['admin', 'fondue-hut'] as const,
  month: (month: string) => ['admin', 'fondue-hut', month] as const,
};

async function getAdminHutMonth(month: string): Promise<AdminHutMonth> {
  const { data, error } = await supabase.rpc('admin_hut_month', { p_month: `${month}-01` });
  if (error) throw error;
  return monthSchema.parse(data);
}

export function useAdminHutMonth(month: string) {
  return useQuery({
    queryKey: keys.month(month),
    queryFn: () => getAdminHutMonth(month),
    placeholderData: keepPreviousData,
  });
}

/** Blocks (with a reason) or opens an evening, then reads every hut month again. */
export function useSetEveningBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { day: string; reason: string | null }) => {
      const { error } =
        input.reason === null
          ? await supabase.rpc('admin_unblock_hut_evening', { p_day: input.day })
          : await supabase.rpc('admin_block_hut_evening', { p_day: input.day, p_reason: input.reason });
      if (error) throw error;
    },
    // The public calendar's cached months too.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/**
 * Moves a hut booking to another evening (admin_move_hut_booking: the evening's rules, then the
 * state machine's move with history, the visitor's mail and the money rule), then reads every
 * hut month and the bookings again.
 */
export function useMoveHutBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { participantId: string; day: string }) => {
      const { error } = await supabase.rpc('admin_move_hut_booking', {
        p_participant_id: input.participantId,
        p_day: input.day,
      });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
