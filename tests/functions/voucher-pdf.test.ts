import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findQrCode } from '../support/qr-bill';

// The gift voucher PDF ('Geschenkgutschein', supabase/functions/_shared/voucher-pdf.ts) made by
// the functions' own code on Deno (supabase/functions/_tests/render-voucher.ts) and read back as
// a reader and a scanner would: its text with MuPDF, its QR code from the rasterised page with
// jsQR. Long names and messages must stay on the one page, clear of each other and of the code.

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const deno = join(root, 'node_modules', '.bin', 'deno');

/** The renderer's input (VoucherDocument in voucher-pdf.ts), handed to Deno as JSON. */
interface VoucherDocument {
  code: string;
  kind: 'value' | 'offer';
  title: string;
  valueCents: number;
  validUntil: string;
  recipientName: string;
  message: string;
  buyerName: string;
  legalText: string;
  issuedAt: string;
  provider: {
    name: string;
    street: string;
    buildingNumber: string;
    postalCode: string;
    city: string;
    country: string;
    siteUrl: string;
  };
}

const voucher: VoucherDocument = {
  code: 'GS-7K3M-Q9TX-4HBW-2RPA-XN8D',
  kind: 'value',
  title: '',
  valueCents: 15000,
  validUntil: '2029-11-28',
  recipientName: 'Anna Muster',
  message: 'Liebe Anna\nAlles Gute zum Geburtstag! Geniess einen schönen Abend im Hüsli.\n\nHerzlich',
  buyerName: 'Beat Beispiel',
  legalText: 'Einlösbar für alle Angebote auf der Website. Keine Barauszahlung.',
  issuedAt: '2026-11-24',
  provider: {
    name: 'Sinneswerk GmbH',
    street: 'Dorfstrasse',
    buildingNumber: '12',
    postalCode: '5034',
    city: 'Suhr',
    country: 'CH',
    siteUrl: 'https://www.sinneswerk.ch',
  },
};

async function renderVoucher(document: VoucherDocument): Promise<Uint8Array> {
  const { stdout } = await run(
    deno,
    [
      'run',
      '--config',
      join('supabase', 'functions', '_tests', 'deno.json'),
      '--no-lock',
      '--allow-read',
      join('supabase', 'functions', '_tests', 'render-voucher.ts'),
      JSON.stringify(document),
    ],
    { cwd: root, encoding: 'buffer', maxBuffer: 20_000_000, env: { ...process.env, NO_COLOR: '1' } },
  );
  return new Uint8Array(stdout);
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface TextLine extends Box {
  text: string;
}

interface PdfFacts {
  pages: number;
  width: number;
  height: number;
  text: string;
  lines: TextLine[];
}

/** The page count, the first page's size, text and text lines (with their boxes, in points). */
async function readPdf(pdf: Uint8Array): Promise<PdfFacts> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = document.loadPage(0);
  const [, , width, height] = page.getBounds();
  const structured = page.toStructuredText('preserve-whitespace');
  const json = JSON.parse(structured.asJSON()) as {
    blocks: Array<{ lines?: Array<{ text: string; bbox: { x: number; y: number; w: number; h: number } }> }>;
  };
  const lines = json.blocks
    .flatMap((block) => block.lines ?? [])
    .filter((line) => line.text.trim() !== '')
    .map(({ text, bbox }) => ({ text, x0: bbox.x, y0: bbox.y, x1: bbox.x + bbox.w, y1: bbox.y + bbox.h }));
  return { pages: document.countPages(), width, height, text: structured.asText(), lines };
}

function overlap(a: Box, b: Box, tolerance = 1): boolean {
  return (
    Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > tolerance &&
    Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > tolerance
  );
}

/** One A4 page; every line inside the margins (56 pt, glyphs may reach a little beyond), none over another or over the QR code with its quiet zone. */
async function expectLaidOut(pdf: Uint8Array, code: string) {
  const facts = await readPdf(pdf);
  expect(facts.pages).toBe(1);
  expect([Math.round(facts.width), Math.round(facts.height)]).toEqual([595, 842]);
  for (const line of facts.lines) {
    expect(line.x0, line.text).toBeGreaterThanOrEqual(44);
    expect(line.x1, line.text).toBeLessThanOrEqual(facts.width - 44);
    expect(line.y0, line.text).toBeGreaterThanOrEqual(40);
    expect(line.y1, line.text).toBeLessThanOrEqual(facts.height - 44);
  }
  facts.lines.forEach((line, index) => {
    for (const other of facts.lines.slice(index + 1)) {
      expect(overlap(line, other), `'${line.text}' over '${other.text}'`).toBe(false);
    }
  });
  const qr = await findQrCode(pdf);
  expect(qr?.data).toBe(code);
  // The quiet zone: 4 modules of a code of 17 + 4 × version modules.
  const quiet = (4 * (qr!.box.x1 - qr!.box.x0)) / (17 + 4 * qr!.version);
  const clear = {
    x0: qr!.box.x0 - quiet,
    y0: qr!.box.y0 - quiet,
    x1: qr!.box.x1 + quiet,
    y1: qr!.box.y1 + quiet,
  };
  for (const line of facts.lines)
    expect(overlap(line, clear, 0), `'${line.text}' over the QR code`).toBe(false);
  return facts;
}

describe('gift voucher PDF', () => {
  it('a value voucher: heading, value, recipient, message, sender, code as text and QR, validity, terms, provider', async () => {
    const pdf = await renderVoucher(voucher);
    const { text } = await expectLaidOut(pdf, voucher.code);
    for (const expected of [
      'Geschenkgutschein',
      'CHF 150.00',
      'Für Anna Muster',
      'Liebe Anna',
      'Alles Gute zum Geburtstag! Geniess einen schönen Abend im Hüsli.',
      'Herzlich',
      'Von Beat Beispiel',
      voucher.code,
      'Gültig bis 28.11.2029',
      'Ausgestellt am 24.11.2026',
      'Einlösbar für alle Angebote auf der Website. Keine Barauszahlung.',
      'Sinneswerk GmbH',
      'Dorfstrasse 12',
      'CH-5034 Suhr',
      'www.sinneswerk.ch',
    ]) {
      expect(text).toContain(expected);
    }
    // The message keeps its line breaks.
    expect(text).toMatch(/Liebe Anna\s*\n\s*Alles Gute/);
    expect(text).not.toContain('ß');
    // Pure: the same voucher renders to the same bytes.
    expect(Buffer.from(await renderVoucher(voucher)).equals(Buffer.from(pdf))).toBe(true);
  }, 60_000);

  it('an offer voucher: the offer and its value; no recipient or sender lines when they are empty', async () => {
    const offer: VoucherDocument = {
      ...voucher,
      code: 'GS-2RPA-XN8D-7K3M-Q9TX-4HBW',
      kind: 'offer',
      title: 'Fondue-Abend für 2 Personen',
      valueCents: 125_000,
      recipientName: '',
      message: '',
      buyerName: '',
    };
    const { text } = await expectLaidOut(await renderVoucher(offer), offer.code);
    expect(text).toContain('Geschenkgutschein');
    expect(text).toContain('Fondue-Abend für 2 Personen');
    expect(text).toContain('im Wert von CHF 1’250.00');
    expect(text).toContain(offer.code);
    expect(text).toContain('Gültig bis 28.11.2029');
    expect(text).not.toMatch(/^(Für|Von) /m);
  }, 60_000);

  const longName = 'Maximiliane-Anastasia Clementine von Wattenwyl-Zurbriggen '.repeat(4).slice(0, 200);
  const longMessage =
    'Zu deinem runden Geburtstag wünschen wir dir von Herzen alles Gute und einen schönen Abend. '
      .repeat(6)
      .slice(0, 500);
  it.each([
    ['a 500-character message and 200-character names', longName, longMessage, longName],
    ['a message of 250 line breaks', 'Anna', 'a\n'.repeat(250), 'Beat'],
    [
      'names without spaces in kanji and emoji',
      '山田'.repeat(100),
      `${'茶道'.repeat(20)}\n`.repeat(12),
      '😀'.repeat(200),
    ],
  ])(
    '%s stay on the page, clear of the code',
    async (_case, recipientName, message, buyerName) => {
      const document = {
        ...voucher,
        kind: 'offer' as const,
        title: 'Ein langer Angebotstitel '.repeat(12),
        recipientName,
        message,
        buyerName,
      };
      const { text } = await expectLaidOut(await renderVoucher(document), voucher.code);
      // Cut with '…' where it does not fit; what follows the message is all there.
      expect(text).toContain('…');
      expect(text).toContain('Gültig bis 28.11.2029');
      expect(text).toContain(voucher.legalText);
      expect(text).toContain('CH-5034 Suhr');
    },
    60_000,
  );
});
