import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAIL_KIND_LABELS, MAIL_KINDS, mailKindLabel } from '@common/mail-kinds.ts';

/** The kinds the database accepts, read from the generated schema (mail_outbox_kind_check). */
function constraintKinds(): string[] {
  const sql = readFileSync('supabase/schemas/50_outbox_and_mail_payloads.sql', 'utf8');
  const match = /constraint mail_outbox_kind_check CHECK \(\(kind = ANY \('\{([^}]*)\}'/.exec(sql);
  if (!match?.[1]) throw new Error('mail_outbox_kind_check not found in the generated schema');
  return match[1].split(',');
}

describe('mail kind labels', () => {
  it('names every kind the outbox accepts', () => {
    const kinds = constraintKinds();
    expect(kinds.length).toBeGreaterThan(10);
    expect(kinds.filter((kind) => !MAIL_KINDS.includes(kind as never))).toEqual([]);
  });

  it('gives each kind its own German name, never the raw kind', () => {
    const names = Object.values(MAIL_KIND_LABELS);
    expect(new Set(names).size).toBe(names.length);
    for (const [kind, name] of Object.entries(MAIL_KIND_LABELS)) {
      expect(name).not.toBe(kind);
      expect(name).not.toMatch(/_|ß/);
    }
    expect(mailKindLabel('refund_issued')).toBe('Rückerstattung');
  });

  it('shows an unknown kind as it is', () => {
    expect(mailKindLabel('some_future_kind')).toBe('some_future_kind');
    expect(mailKindLabel('toString')).toBe('toString');
  });
});
