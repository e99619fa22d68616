import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingTicket } from '@/features/booking/components/booking-ticket';
import { installFakeBackend, json } from '../../support/fake-backend';
import { renderWithProviders } from '../../support/render';

// The ticket on the confirmation and manage pages (issue 28) is a QR code a phone at the door
// reads back to the booking's code: rasterised as a screen would show it, then decoded. Next to
// it, 'Ticket als PDF' downloads the printable ticket with the booking's manage token.

const CODE = 'T1-5F0C2A9E1B7D4C3A8E6F0B1C2D3E4F50-9A8B7C6D5E4F30211203F4E5D6C7B8A9';
const PDF_ROUTE = 'POST /functions/v1/booking-receipt';

async function decode(svg: SVGElement): Promise<string | undefined> {
  const markup = svg.outerHTML.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"');
  const { data, info } = await sharp(Buffer.from(markup))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

const downloads: Array<{ name: string; blob: Blob }> = [];
let pendingBlob: Blob | null = null;

beforeEach(() => {
  downloads.length = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    pendingBlob = blob;
    return 'blob:ticket';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: pendingBlob! });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BookingTicket', () => {
  it('draws a QR code that decodes to the ticket code, with the code as text and a heading', async () => {
    render(<BookingTicket code={CODE} reference="SW-ABC123" token="geheim" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Dein Ticket' })).toBeInTheDocument();
    expect(screen.getByText(CODE)).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR-Code des Tickets' });
    expect(await decode(qr as unknown as SVGElement)).toBe(CODE);
  });

  it("'Ticket als PDF' downloads the ticket with the booking's reference and manage token", async () => {
    const backend = installFakeBackend().on(
      PDF_ROUTE,
      () =>
        new Response('%PDF-1.7 ticket', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="Ticket-SW-ABC123.pdf"',
          },
        }),
    );
    renderWithProviders(<BookingTicket code={CODE} reference="SW-ABC123" token="geheim" />);
    await userEvent.click(screen.getByRole('button', { name: 'Ticket als PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(backend.calls(PDF_ROUTE)[0]!.body).toEqual({
      kind: 'ticket',
      reference: 'SW-ABC123',
      token: 'geheim',
    });
    expect(downloads[0]!.name).toBe('Ticket-SW-ABC123.pdf');
    expect(await downloads[0]!.blob.text()).toBe('%PDF-1.7 ticket');
  });

  it('says so when the ticket cannot be loaded, and downloads nothing', async () => {
    installFakeBackend().on(PDF_ROUTE, () =>
      json({ success: false, error: 'Für diese Buchung gibt es kein Ticket.' }, 404),
    );
    renderWithProviders(<BookingTicket code={CODE} reference="SW-ABC123" token="falsch" />);
    await userEvent.click(screen.getByRole('button', { name: 'Ticket als PDF' }));
    expect(await screen.findByText('Ticket nicht geladen')).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Ticket als PDF' })).toBeEnabled();
  });
});
