import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readQrBill } from '../support/qr-bill';

// Issue 25 'PDFs in every script': the invoice prints names and titles in any script as typed
// (embedded Noto fonts, supabase/functions/_shared/pdf-fonts.ts), while the QR bill's text
// fields stay in the Swiss Payment Standards' character set. The PDF is made by the functions'
// own code on Deno (supabase/functions/_tests/render-invoice.ts) and read back with MuPDF, as a
// PDF viewer and a banking app would. The transliteration's cases: supabase/functions/_tests/
// shared-modules.test.ts.

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const deno = join(root, 'node_modules', '.bin', 'deno');

async function renderInvoice(name: string, title: string): Promise<Uint8Array> {
  const { stdout } = await run(
    deno,
    [
      'run',
      '--config',
      join('supabase', 'functions', '_tests', 'deno.json'),
      '--no-lock',
      '--allow-read',
      join('supabase', 'functions', '_tests', 'render-invoice.ts'),
      name,
      title,
    ],
    { cwd: root, encoding: 'buffer', maxBuffer: 20_000_000, env: { ...process.env, NO_COLOR: '1' } },
  );
  return new Uint8Array(stdout);
}

async function pdfText(pdf: Uint8Array): Promise<string> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  return document.loadPage(0).toStructuredText('preserve-whitespace').asText();
}

/** The Swiss Payment Standards' character set (IG QR-bill 2.3 §4.1.1). */
const SPS_TEXT = /^[\u0020-\u007e\u00a0-\u017f\u0218-\u021b\u20ac]*$/u;

describe('invoice PDF in every script', () => {
  it.each([
    ['山田 太郎', 'Teezeremonie 茶道', 'Anmeldung Teezeremonie'],
    ['Anna 😀', 'Käse 😀 Abend', 'Anmeldung Käse Abend'],
    ['Zoë Ångström-Nguyễn', 'Fondue im Hüsli', 'Anmeldung Fondue im Hüsli'],
  ])(
    'prints %s and the title as typed; the QR bill carries valid text',
    async (name, title, message) => {
      const pdf = await renderInvoice(name, title);
      const text = await pdfText(pdf);
      expect(text).toContain(name);
      expect(text).toContain(title);
      const bill = await readQrBill(pdf);
      expect(bill.header).toBe('SPC');
      expect(bill.creditorName).toBe('Sinneswerk GmbH');
      expect(bill.message).toBe(message);
      for (const line of bill.raw.split(/\r?\n/)) expect(line).toMatch(SPS_TEXT);
      // The payment part prints what the code carries.
      expect(text).toContain(message);
    },
    60_000,
  );

  it("the bundled fonts are the npm packages' files", () => {
    const fonts = join(root, 'supabase', 'functions', '_shared', 'fonts');
    const packages = join(root, 'node_modules', '@expo-google-fonts');
    for (const [file, source] of [
      ['NotoSans_400Regular.ttf', 'noto-sans/400Regular'],
      ['NotoSansJP_400Regular.ttf', 'noto-sans-jp/400Regular'],
      ['NotoEmoji_400Regular.ttf', 'noto-emoji/400Regular'],
    ] as const) {
      expect(readFileSync(join(fonts, file)).equals(readFileSync(join(packages, source, file))), file).toBe(
        true,
      );
    }
  });
});
