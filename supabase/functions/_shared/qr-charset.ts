// The text fields of the Swiss QR bill (creditor, additional information). The Swiss Payment
// Standards allow Basic Latin, Latin-1 Supplement, Latin Extended-A, Ș ș Ț ț and € (Implementation
// Guidelines QR-bill 2.3 §4.1.1); banks may refuse a code with anything else. The payment part
// must be printed in Helvetica, Arial, Frutiger or Liberation Sans (style guide), and PDFKit's
// Helvetica prints only WinAnsi, so the fields keep the characters in both sets: Latin-1 plus
// Œ œ Š š Ž ž Ÿ €. Other letters lose their marks ('ő' → 'o', 'ǎ' → 'a'); what has no Latin form
// ('山田 太郎', '😀', 'ł') is dropped. The invoice body prints the text as typed (pdf-fonts.ts).

const ALLOWED = /^[\u0020-\u007e\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u20ac]$/u;

/** The text restricted to the QR bill's printable character set, spaces collapsed, trimmed. */
export function toQrBillCharset(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (ALLOWED.test(char)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    // Decomposed, what is left of allowed base letters stays ('ő' → 'o').
    else out += [...char.normalize('NFKD')].filter((part) => ALLOWED.test(part)).join('');
  }
  return out.replace(/\s+/g, ' ').trim();
}
