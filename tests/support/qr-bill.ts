import jsQR from 'jsqr';

// Reads the Swiss QR bill out of an invoice PDF (and the code out of a gift voucher) as a bank's
// or a scanner's app would: the page is rasterised (MuPDF compiled to WebAssembly, no native
// binary) and the QR code in the pixels decoded (jsQR). Nothing here knows how the PDF was made.

/** The fields of the Swiss Payments Code a test checks (Implementation Guidelines QR-bill §4). */
export interface SwissPaymentsCode {
  raw: string;
  header: string;
  version: string;
  iban: string;
  creditorName: string;
  amount: string;
  currency: string;
  referenceType: string;
  reference: string;
  message: string;
  trailer: string;
}

function rgbaOf(rgb: ArrayLike<number>, pixels: number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let i = 0, j = 0; j < rgba.length; i += 3, j += 4) {
    rgba[j] = rgb[i]!;
    rgba[j + 1] = rgb[i + 1]!;
    rgba[j + 2] = rgb[i + 2]!;
    rgba[j + 3] = 255;
  }
  return rgba;
}

/** Rasterised at 144 dpi: the QR bill's 46 mm code gets about 6 pixels per module. */
const SCALE = 2;

/** A QR code found on a page: its text, version and where it is (in PDF points, without its quiet zone). */
export interface FoundQrCode {
  data: string;
  version: number;
  box: { x0: number; y0: number; x1: number; y1: number };
}

/** The QR code on the PDF's last page (where the payment part is), or null if none. */
export async function findQrCode(pdf: Uint8Array): Promise<FoundQrCode | null> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = document.loadPage(document.countPages() - 1);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(SCALE, SCALE), mupdf.ColorSpace.DeviceRGB, false, true);
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const code = jsQR(rgbaOf(pixmap.getPixels(), width * height), width, height);
  if (!code) return null;
  const { topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner } = code.location;
  const corners = [topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner];
  const xs = corners.map((point) => point.x / SCALE);
  const ys = corners.map((point) => point.y / SCALE);
  return {
    data: code.data,
    version: code.version,
    box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
  };
}

/** The QR code's text on the PDF's last page, or null if none. */
export async function readQrCode(pdf: Uint8Array): Promise<string | null> {
  return (await findQrCode(pdf))?.data ?? null;
}

/** The Swiss Payments Code in the invoice's QR bill. */
export async function readQrBill(pdf: Uint8Array): Promise<SwissPaymentsCode> {
  const raw = await readQrCode(pdf);
  if (raw === null) throw new Error('no QR code found on the last page of the PDF');
  const lines = raw.split(/\r?\n/);
  return {
    raw,
    header: lines[0] ?? '',
    version: lines[1] ?? '',
    iban: lines[3] ?? '',
    creditorName: lines[5] ?? '',
    amount: lines[18] ?? '',
    currency: lines[19] ?? '',
    referenceType: lines[27] ?? '',
    reference: lines[28] ?? '',
    message: lines[29] ?? '',
    trailer: lines[30] ?? '',
  };
}
