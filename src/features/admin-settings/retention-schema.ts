import { z } from 'zod';
import type { Tables } from '@common/database.ts';

/** A rule as the settings show it (public.retention_rules; min_days is the floor the database holds). */
export type RetentionRule = Pick<
  Tables<'retention_rules'>,
  'key' | 'label' | 'description' | 'keep_days' | 'min_days'
>;

/** A rule with a limit: the only kind the provider changes. */
export type LimitedRetentionRule = RetentionRule & { keep_days: number; min_days: number };

export function isLimited(rule: RetentionRule): rule is LimitedRetentionRule {
  return rule.keep_days !== null && rule.min_days !== null;
}

/** The longest limit the database accepts (retention_rules_keep_days_check: a hundred years). */
export const MAX_RETENTION_DAYS = 36500;

export interface RetentionFormValues {
  days: Record<string, string>;
}

export function daysMessage(rule: LimitedRetentionRule): string {
  return `Bitte geben Sie für «${rule.label}» eine ganze Zahl von ${rule.min_days} bis ${MAX_RETENTION_DAYS} Tagen ein.`;
}

/** One field per limited rule, each at least its floor. */
export function retentionFormSchema(rules: LimitedRetentionRule[]) {
  return z.object({
    days: z.object(
      Object.fromEntries(
        rules.map((rule) => [
          rule.key,
          z
            .string()
            .trim()
            .refine(
              (value) =>
                /^\d{1,5}$/.test(value) &&
                Number(value) >= rule.min_days &&
                Number(value) <= MAX_RETENTION_DAYS,
              daysMessage(rule),
            ),
        ]),
      ),
    ),
  });
}

export function toRetentionForm(rules: LimitedRetentionRule[]): RetentionFormValues {
  return { days: Object.fromEntries(rules.map((rule) => [rule.key, String(rule.keep_days)])) };
}

/** The rules whose limit the form changes, with their new limit. */
export function changedLimits(
  rules: LimitedRetentionRule[],
  values: RetentionFormValues,
): { key: string; keepDays: number }[] {
  return rules.flatMap((rule) => {
    const keepDays = Number(values.days[rule.key]);
    return keepDays === rule.keep_days ? [] : [{ key: rule.key, keepDays }];
  });
}
