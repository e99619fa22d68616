import { z } from 'zod';
import { isChfAmount, toCents } from './schema';
import type { GiftVoucherOffer, GiftVoucherOfferValues } from './types';

// 'Angebot hinzufügen / bearbeiten': the table's checks (gift_voucher_offers_*_check) in words.

export const offerSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie einen Titel ein, z. B. «Fondue-Abend für 2 Personen».')
    .max(120, 'Der Titel ist zu lang (höchstens 120 Zeichen).'),
  description: z.string().trim().max(500, 'Die Beschreibung ist zu lang (höchstens 500 Zeichen).'),
  price: z.string().trim().refine(isChfAmount, 'Preis in CHF von 1 bis 100’000, z. B. 98 oder 49.50.'),
  active: z.boolean(),
});

export type OfferFormValues = z.infer<typeof offerSchema>;

export const EMPTY_OFFER: OfferFormValues = { title: '', description: '', price: '', active: true };

/** The form's values of a stored offer: the price as '98.00', as the field takes it. */
export function toOfferForm(offer: GiftVoucherOffer): OfferFormValues {
  return {
    title: offer.title,
    description: offer.description,
    price: (offer.price_cents / 100).toFixed(2),
    active: offer.active,
  };
}

export function toOfferValues(values: OfferFormValues): GiftVoucherOfferValues {
  return {
    title: values.title,
    description: values.description,
    price_cents: toCents(values.price),
    active: values.active,
  };
}

/**
 * The positions to write when `id` moves one place up (-1) or down (+1): the list is numbered
 * 0, 1, 2, … in its shown order with the two swapped, and only rows whose number changes are
 * written (new offers may share a position; after the first move every row has its own).
 */
export function movedPositions(
  offers: ReadonlyArray<Pick<GiftVoucherOffer, 'id' | 'position'>>,
  id: string,
  step: -1 | 1,
): Array<{ id: string; position: number }> {
  const from = offers.findIndex((offer) => offer.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= offers.length) return [];
  const order = [...offers];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order.flatMap((offer, position) =>
    offer.position === position ? [] : [{ id: offer.id, position }],
  );
}

/** Where a new offer goes: after every other. */
export function nextPosition(offers: ReadonlyArray<Pick<GiftVoucherOffer, 'position'>>): number {
  return offers.reduce((last, offer) => Math.max(last, offer.position + 1), 0);
}
