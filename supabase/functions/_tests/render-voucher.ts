// Renders one gift voucher PDF with the functions' own code and writes it to stdout, for
// tests/functions/voucher-pdf.test.ts (which reads its text and QR code with MuPDF in Node).
// Usage: deno run --allow-read render-voucher.ts '<VoucherDocument as JSON>'
import { renderVoucherPdf, type VoucherDocument } from '../_shared/voucher-pdf.ts';

const [json = '{}'] = Deno.args;
const voucher = JSON.parse(json) as VoucherDocument;
await Deno.stdout.write(await renderVoucherPdf(voucher));
