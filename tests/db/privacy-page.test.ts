import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { privacyNotice, retentionPromises } from '@/content/legal';
import { connect } from './support/db';

// The privacy page's retention sentences and the rules the nightly job runs (retention_rules,
// issue 30) say the same: every rule with a limit is promised with its days, and no promise names
// a rule or a limit the database does not have.

let client: pg.Client;
beforeAll(async () => {
  client = await connect();
});
afterAll(() => client.end());

it('promises every limited retention rule with the days the database runs', async () => {
  const { rows } = await client.query<{ key: string; keep_days: number }>(
    'select key, keep_days from public.retention_rules where keep_days is not null order by key',
  );
  const promised = [...retentionPromises]
    .map(({ rule, keepDays }) => ({ key: rule, keep_days: keepDays }))
    .sort((a, b) => a.key.localeCompare(b.key));
  expect(promised).toEqual(rows.map((row) => ({ key: row.key, keep_days: Number(row.keep_days) })));
});

it('prints every promise on the page', () => {
  const section = privacyNotice.sections.find((s) => s.title === 'Wie lange wir Daten aufbewahren');
  for (const { text } of retentionPromises) expect(section?.paragraphs).toContain(text);
});
