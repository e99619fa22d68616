import { Buffer } from 'node:buffer';
import { encode } from 'npm:uqr@0.1.3';
import { TICKET_HEADING, TICKET_HINT, TICKET_QR_OPTIONS } from '@common/ticket-qr.ts';
import type { MailAttachment } from './mail.ts';
import { escapeHtml } from './html.ts';

// The ticket in a mail (issue 28): the QR as an inline PNG (an attachment the HTML names by its
// content id, as mail clients show images without loading anything from the web), and the code
// as text for the plain-text part and for reading aloud at the door.

export const TICKET_CONTENT_ID = 'ticket-qr';
/** Pixels per QR module: a 41-module code (version 6 with its border) is 328 px, sharp when printed. */
const MODULE_PX = 8;
/** Shown at this width in the mail, whatever the PNG's pixels. */
const DISPLAY_PX = 200;

export interface MailTicket {
  code: string;
}

export async function ticketAttachment(ticket: MailTicket): Promise<MailAttachment> {
  const png = await qrPng(ticket.code);
  return {
    filename: 'ticket.png',
    content: Buffer.from(png).toString('base64'),
    contentType: 'image/png',
    contentId: TICKET_CONTENT_ID,
  };
}

export function ticketHtml(ticket: MailTicket): string {
  return `<h2 style="margin:24px 0 8px;font-size:18px">${escapeHtml(TICKET_HEADING)}</h2>
<p style="margin:0 0 14px;line-height:1.6">${escapeHtml(TICKET_HINT)}</p>
<p style="margin:0 0 6px"><img src="cid:${TICKET_CONTENT_ID}" width="${DISPLAY_PX}" height="${DISPLAY_PX}" alt="QR-Code des Tickets" style="display:block;width:${DISPLAY_PX}px;height:${DISPLAY_PX}px;background:#ffffff"></p>
<p style="margin:0 0 14px;font-family:monospace;font-size:12px;word-break:break-all">${escapeHtml(ticket.code)}</p>`;
}

export function ticketText(ticket: MailTicket): string {
  return `${TICKET_HEADING}: ${ticket.code}\nZeig diesen Code beim Einlass; in der HTML-Ansicht dieser E-Mail steht er als QR-Code.`;
}

/** The QR as an 8-bit greyscale PNG (black modules on white). */
export async function qrPng(text: string): Promise<Uint8Array> {
  const { size, data } = encode(text, TICKET_QR_OPTIONS);
  const width = size * MODULE_PX;
  // Each scanline: filter byte 0 (none), then one byte per pixel.
  const raw = new Uint8Array((width + 1) * width);
  for (let y = 0; y < width; y += 1) {
    const row = data[Math.floor(y / MODULE_PX)]!;
    const offset = y * (width + 1);
    raw[offset] = 0;
    for (let x = 0; x < width; x += 1) {
      raw[offset + 1 + x] = row[Math.floor(x / MODULE_PX)] ? 0 : 255;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, width);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, adaptive filtering, no interlace
  return concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    // CompressionStream's 'deflate' is the zlib format PNG's IDAT wants.
    chunk('IDAT', await compress(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const PNG_SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

async function compress(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
