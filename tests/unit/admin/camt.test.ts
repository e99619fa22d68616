import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CamtError, parseCamt } from '@/features/admin-payments/lib/camt';

// The bank-file reader of issue 29 on files written after the Swiss Payment Standards' camt.054 /
// camt.053 (version 2019, .001.08): batch bookings, QR and creditor references, returns, another
// currency, and what it refuses.

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/camt', name), 'utf8');

describe('parseCamt', () => {
  it('reads every transaction of a camt.054, one per TxDtls of a batch booking', () => {
    const file = parseCamt(fixture('camt054-mixed.xml'));
    expect(file).toMatchObject({
      format: 'camt.054.001.08',
      messageId: 'CAMT054-20261126-0001',
      account: 'CH4431999123000889012',
    });
    expect(file.entries).toHaveLength(9);
    expect(file.entries[0]).toEqual({
      entryReference: 'ZV20261125/000101/1',
      kind: 'credit',
      amountCents: 4500,
      currency: 'CHF',
      valueDate: '2026-11-25',
      reference: '202611290000000000000000010',
      referenceType: 'QRR',
      remittance: null,
      debtorName: 'Anna Muster',
    });
    expect(file.entries.slice(0, 3).map((e) => e.debtorName)).toEqual([
      'Anna Muster',
      'Beat Keller',
      'Chantal Rüegg',
    ]);
    expect(file.entries.map((e) => e.amountCents)).toEqual([
      4500, 4500, 4500, 4500, 4500, 2000, 6000, 4500, 5000,
    ]);
    expect(file.entries[7]).toMatchObject({
      reference: null,
      remittance: 'Fondueabend 12.12. Hans Meier',
      kind: 'credit',
    });
    expect(file.entries[8]).toMatchObject({ currency: 'EUR', kind: 'foreign' });
  });

  it('reads a camt.053 statement: a return is no payment, a creditor reference is SCOR', () => {
    const { format, entries } = parseCamt(fixture('camt053-statement.xml'));
    expect(format).toBe('camt.053.001.08');
    expect(entries.map((e) => [e.entryReference, e.kind])).toEqual([
      ['ZV20261125/000103/1', 'credit'],
      ['ZV20261126/000201/1', 'return'],
      ['ZV20261126/000202/1', 'credit'],
    ]);
    expect(entries[2]).toMatchObject({
      reference: 'RF18539007547034',
      referenceType: 'SCOR',
      valueDate: '2026-11-26',
    });
  });

  it('uses the entry reference with a position when a batch transaction has none of its own', () => {
    const xml = fixture('camt054-mixed.xml').replace(
      /<AcctSvcrRef>ZV20261125\/000101\/\d<\/AcctSvcrRef>/g,
      '',
    );
    expect(
      parseCamt(xml)
        .entries.slice(0, 3)
        .map((e) => e.entryReference),
    ).toEqual(['ZV20261125/000101/1', 'ZV20261125/000101/2', 'ZV20261125/000101/3']);
  });

  it('refuses other versions, other messages and broken XML with a German message', () => {
    expect(() => parseCamt(fixture('camt054-v04.xml'))).toThrow(
      new CamtError(
        'Diese Dateiversion (camt.054.001.04) wird nicht unterstützt. Bitte laden Sie eine Datei im Format camt.054.001.08 oder camt.053.001.08 hoch (im E-Banking «ISO 20022, Version 2019»).',
      ),
    );
    expect(() => parseCamt('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>')).toThrow(
      /pain\.001\.001\.09\) wird nicht unterstützt/,
    );
    expect(() => parseCamt('<Document><Ntry>')).toThrow(/kein gültiges XML/);
    expect(() => parseCamt('<html/>')).toThrow(/keine ISO-20022-Bankdatei/);
    expect(() =>
      parseCamt(
        fixture('camt054-mixed.xml').replace('<Amt Ccy="CHF">20.00</Amt>', '<Amt Ccy="CHF">20,00</Amt>'),
      ),
    ).toThrow(/Der Betrag «20,00» \(Buchung 4\) ist keine gültige Zahl/);
  });
});
