// Parses outbox payloads with their kind's schema, for tests/db/mail-payloads.test.ts, which
// builds them with the real SQL: `deno run --allow-read parse-mail-payloads.ts <file.json>` with
// [{ kind, payload }] in the file; prints { kinds, results: [{ kind, issues }] } as JSON.
import { type MailKind, mailPayloads } from '../_shared/mail-payloads.ts';

interface Row {
  kind: string;
  payload: unknown;
}

const rows: Row[] = JSON.parse(await Deno.readTextFile(Deno.args[0]!));
const results = rows.map(({ kind, payload }) => {
  const schema = Object.hasOwn(mailPayloads, kind) ? mailPayloads[kind as MailKind] : null;
  if (!schema) return { kind, issues: [`no schema for the kind ${kind}`] };
  const parsed = schema.safeParse(payload);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`);
  return { kind, issues };
});
console.log(JSON.stringify({ kinds: Object.keys(mailPayloads), results }));
