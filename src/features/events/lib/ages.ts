function years(count: number): string {
  return count === 1 ? '1 Jahr' : `${count} Jahre`;
}

/**
 * For which ages an event is meant, as the card, the event page and the Kids page say it:
 * '5–10 Jahre' (en dash), 'ab 5 Jahren', 'bis 10 Jahre', '6 Jahre'; null when the event states
 * no ages (events.min_age / max_age, both optional, min <= max by constraint).
 */
export function ageRangeText(minAge: number | null, maxAge: number | null): string | null {
  if (minAge !== null && maxAge !== null) {
    return minAge === maxAge ? years(minAge) : `${minAge}–${maxAge} Jahre`;
  }
  if (minAge !== null) return `ab ${minAge} ${minAge === 1 ? 'Jahr' : 'Jahren'}`;
  if (maxAge !== null) return `bis ${years(maxAge)}`;
  return null;
}
