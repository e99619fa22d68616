import { refuseUntrustedControl } from '../dev-access';
import { send, sendJson } from '../http';
import type { Handler } from '../types';
import type { Mailbox, StoredMail } from './mailbox';
import { renderMailboxPage } from './page';
import { sendEmail } from './resend-api';

const PREFIX = '/__mail';

/**
 * `/__mail`: the Resend-compatible `POST /emails` the edge functions call, the mailbox as a page
 * and as JSON, and the controls tests use to clear it or simulate an outage.
 */
export function createMailHandler(mailbox: Mailbox): Handler {
  return async (req, res, subpath, _url, ctx) => {
    const method = req.method ?? 'GET';
    const [, first = '', id, part, index] = subpath.split('/');

    if (first === 'emails' && id === undefined) {
      if (method !== 'POST')
        return sendJson(res, 405, {
          statusCode: 405,
          name: 'method_not_allowed',
          message: 'Method not allowed',
        });
      return sendEmail(req, res, mailbox);
    }
    if (first === 'control' && id === undefined) {
      if (refuseUntrustedControl(req, res, ctx.config)) return;
      return mailbox.faults.handleControl(req, res);
    }
    if (first === '' && method === 'GET') {
      return send(res, 200, renderMailboxPage(mailbox.list(), PREFIX), {
        'Content-Type': 'text/html; charset=utf-8',
      });
    }
    if (first === 'messages' && id === undefined) {
      if (method === 'GET') return sendJson(res, 200, mailbox.list());
      if (method === 'DELETE') {
        if (refuseUntrustedControl(req, res, ctx.config)) return;
        mailbox.clear();
        res.writeHead(204).end();
        return;
      }
    }
    const mail = first === 'messages' && id ? mailbox.get(id) : undefined;
    if (mail && method === 'GET') {
      if (part === undefined) return sendJson(res, 200, mail);
      if (part === 'html' && index === undefined) {
        // Shown in a sandboxed frame; the CSP keeps a mail's scripts and remote content out.
        return send(res, 200, withInlineImages(mail), {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy':
            "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'",
        });
      }
      const attachment = part === 'attachments' ? mail.attachments[Number(index)] : undefined;
      if (attachment) {
        return send(res, 200, Buffer.from(attachment.content, 'base64'), {
          'Content-Type': attachment.contentType ?? 'application/octet-stream',
          'Content-Disposition': `attachment; filename="${attachment.filename.replace(/["\\\r\n]/g, '_')}"`,
        });
      }
    }
    sendJson(res, 404, { statusCode: 404, name: 'not_found', message: 'Not found' });
  };
}

/** As a mail client does: `cid:` images become the inline attachments they name. */
function withInlineImages(mail: StoredMail): string {
  return (mail.html ?? '').replace(/(["'])cid:([^"']+)\1/g, (whole, quote: string, id: string) => {
    const image = mail.attachments.find((file) => file.contentId === id);
    return image
      ? `${quote}data:${image.contentType ?? 'application/octet-stream'};base64,${image.content}${quote}`
      : whole;
  });
}
