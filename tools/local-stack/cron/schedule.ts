// pg_cron's schedule syntax: five cron fields evaluated in UTC (pg_cron's default
// `cron.timezone` is GMT, and Supabase leaves it there), the `@hourly`-style macros, and
// pg_cron's own `N seconds` (1 to 59).

export type Schedule =
  | { kind: 'seconds'; seconds: number }
  | {
      kind: 'cron';
      minutes: Set<number>;
      hours: Set<number>;
      days: Set<number>;
      months: Set<number>;
      weekdays: Set<number>;
      /** Vixie cron: when both day fields are restricted, either one matching is enough. */
      daysRestricted: boolean;
      weekdaysRestricted: boolean;
    };

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldSpec {
  min: number;
  max: number;
  names?: string[];
  /** Offset of names[0] (months count from 1). */
  nameBase?: number;
}

const FIELDS: FieldSpec[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTH_NAMES, nameBase: 1 },
  // 7 is Sunday too, as in cron.
  { min: 0, max: 7, names: DAY_NAMES, nameBase: 0 },
];

function value(text: string, spec: FieldSpec): number {
  const named = spec.names?.indexOf(text.toLowerCase()) ?? -1;
  const number = named >= 0 ? named + (spec.nameBase ?? 0) : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(number) || number < spec.min || number > spec.max) {
    throw new Error(`invalid schedule value ${text}`);
  }
  return number;
}

function parseField(text: string, spec: FieldSpec): Set<number> {
  const result = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`invalid schedule step ${part}`);
    let from: number;
    let to: number;
    if (range === '*') {
      from = spec.min;
      to = spec.max;
    } else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      from = value(a, spec);
      to = value(b, spec);
    } else {
      from = value(range, spec);
      // `5/15` means from 5 to the end in steps of 15.
      to = stepText === undefined ? from : spec.max;
    }
    if (from > to) throw new Error(`invalid schedule range ${part}`);
    for (let n = from; n <= to; n += step) result.add(n);
  }
  return result;
}

/** Parses a pg_cron schedule; throws on anything pg_cron would refuse. */
export function parseSchedule(text: string): Schedule {
  const trimmed = text.trim().toLowerCase();
  const seconds = /^(\d+)\s+seconds?$/.exec(trimmed);
  if (seconds) {
    const n = Number(seconds[1]);
    if (n < 1 || n > 59) throw new Error(`invalid schedule: ${text}`);
    return { kind: 'seconds', seconds: n };
  }
  const fields = (MACROS[trimmed] ?? trimmed).split(/\s+/);
  if (fields.length !== 5) throw new Error(`invalid schedule: ${text}`);
  const [minutes, hours, days, months, weekdays] = fields.map((field, i) => parseField(field, FIELDS[i]!));
  if (weekdays!.delete(7)) weekdays!.add(0);
  return {
    kind: 'cron',
    minutes: minutes!,
    hours: hours!,
    days: days!,
    months: months!,
    weekdays: weekdays!,
    daysRestricted: !fields[2]!.startsWith('*'),
    weekdaysRestricted: !fields[4]!.startsWith('*'),
  };
}

/** Whether a five-field schedule fires in the (UTC) minute containing `at`. */
export function firesInMinute(schedule: Extract<Schedule, { kind: 'cron' }>, at: Date): boolean {
  const day = schedule.days.has(at.getUTCDate());
  const weekday = schedule.weekdays.has(at.getUTCDay());
  const dayMatches =
    schedule.daysRestricted && schedule.weekdaysRestricted
      ? day || weekday
      : schedule.daysRestricted
        ? day
        : schedule.weekdaysRestricted
          ? weekday
          : true;
  return (
    dayMatches &&
    schedule.minutes.has(at.getUTCMinutes()) &&
    schedule.hours.has(at.getUTCHours()) &&
    schedule.months.has(at.getUTCMonth() + 1)
  );
}
