import type { StoredMail } from './mailbox';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString('de-CH', { timeZone: 'Europe/Zurich' });
}

function renderMail(mail: StoredMail, base: string): string {
  const link = `${base}/messages/${mail.id}`;
  const attachments = mail.attachments
    .map(
      (file, index) =>
        `<li><a href="${link}/attachments/${index}">${escapeHtml(file.filename)}</a> (${file.size} Bytes)</li>`,
    )
    .join('');
  const body = mail.html
    ? `<iframe title="Inhalt" sandbox src="${link}/html"></iframe>`
    : `<pre>${escapeHtml(mail.text ?? '')}</pre>`;
  return `<article>
  <details>
    <summary><strong>${escapeHtml(mail.subject)}</strong><span>an ${escapeHtml(mail.to.join(', '))}</span><time>${formatDate(mail.created_at)}</time></summary>
    <dl>
      <dt>Von</dt><dd>${escapeHtml(mail.from)}</dd>
      <dt>An</dt><dd>${escapeHtml(mail.to.join(', '))}</dd>
      ${mail.cc.length ? `<dt>Cc</dt><dd>${escapeHtml(mail.cc.join(', '))}</dd>` : ''}
      ${mail.reply_to.length ? `<dt>Antwort an</dt><dd>${escapeHtml(mail.reply_to.join(', '))}</dd>` : ''}
    </dl>
    ${attachments ? `<ul>${attachments}</ul>` : ''}
    ${body}
    ${mail.html && mail.text ? `<details><summary>Textversion</summary><pre>${escapeHtml(mail.text)}</pre></details>` : ''}
  </details>
</article>`;
}

/** The local mailbox as a page, newest first (what Inbucket/Mailpit show for `supabase start`). */
export function renderMailboxPage(messages: StoredMail[], base: string): string {
  const items = [...messages]
    .reverse()
    .map((mail) => renderMail(mail, base))
    .join('\n');
  return `<!doctype html>
<html lang="de-CH">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lokales Postfach (${messages.length})</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ddd; border-radius: 6px; margin: 0 0 .75rem; padding: .5rem .75rem; }
  summary { cursor: pointer; display: flex; gap: 1rem; flex-wrap: wrap; }
  summary span, summary time { color: #666; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  iframe { width: 100%; height: 32rem; border: 1px solid #eee; }
  pre { white-space: pre-wrap; background: #fafafa; padding: .5rem; }
</style>
</head>
<body>
<h1>Lokales Postfach</h1>
<p>Mails, die der lokale Stack statt eines echten Mailversands entgegengenommen hat. JSON: <a href="${base}/messages">${base}/messages</a></p>
${items || '<p>Noch keine Mails.</p>'}
</body>
</html>`;
}
