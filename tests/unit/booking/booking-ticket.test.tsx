import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BookingTicket } from '@/features/booking/components/booking-ticket';

// The ticket on the confirmation and manage pages (issue 28) is a QR code a phone at the door
// reads back to the booking's code: rasterised as a screen would show it, then decoded.

const CODE = 'T1-5F0C2A9E1B7D4C3A8E6F0B1C2D3E4F50-9A8B7C6D5E4F30211203F4E5D6C7B8A9';

async function decode(svg: SVGElement): Promise<string | undefined> {
  const markup = svg.outerHTML.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"');
  const { data, info } = await sharp(Buffer.from(markup))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('BookingTicket', () => {
  it('draws a QR code that decodes to the ticket code, with the code as text and a heading', async () => {
    render(<BookingTicket code={CODE} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Dein Ticket' })).toBeInTheDocument();
    expect(screen.getByText(CODE)).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR-Code des Tickets' });
    expect(await decode(qr as unknown as SVGElement)).toBe(CODE);
  });
});
