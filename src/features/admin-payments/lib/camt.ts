import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Reads a bank's ISO 20022 camt.054 (credit notification) or camt.053 (statement) file as Swiss
 * banks deliver it under the Swiss Payment Standards (version 2019, `.001.08`). Pure: XML text
 * in, entries out. The database decides what an entry means for a booking
 * (`public.admin_import_bank_entries`); this module only reads what the bank wrote.
 *
 * One result per credited transaction: a batch booking (one `Ntry` with several `TxDtls`, as
 * banks book QR-bill payments collectively) gives one entry per `TxDtls`. Debits and reversals
 * (returns) are read as `return` and are never recorded as payments; other currencies as
 * `foreign` (the database refuses them too).
 */

export const SUPPORTED_FORMATS = ['camt.054.001.08', 'camt.053.001.08'] as const;
export type CamtFormat = (typeof SUPPORTED_FORMATS)[number];

export type CamtEntryKind = 'credit' | 'return' | 'foreign';

// Type aliases, not interfaces: the file goes to the database as jsonb, and only aliases are
// assignable to the generated `Json` type.
export type CamtEntry = {
  /** The bank's reference of this transaction (AcctSvcrRef): the key that makes an import idempotent. */
  entryReference: string;
  kind: CamtEntryKind;
  amountCents: number;
  currency: string;
  /** Value date (yyyy-mm-dd), else the booking date. */
  valueDate: string | null;
  /** QR reference (27 digits) or creditor reference (RF…), without spaces. */
  reference: string | null;
  referenceType: 'QRR' | 'SCOR' | null;
  /** Unstructured remittance text, when the payer wrote one. */
  remittance: string | null;
  debtorName: string | null;
};

export type CamtFile = {
  format: CamtFormat;
  messageId: string;
  /** The credited account (IBAN) as the bank names it. */
  account: string | null;
  entries: CamtEntry[];
};

/** A file that cannot be read; the message is for the admin (German, "Sie"). */
export class CamtError extends Error {
  override name = 'CamtError';
}

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:([a-z]{4}\.\d{3}\.\d{3}\.\d{2})$/;

const ROOT_NAMESPACE = /<(?:([\w.-]+):)?Document\b[^>]*?\sxmlns(?::\1)?\s*=\s*["']([^"']+)["']/;

const ARRAYS = new Set(['Ntfctn', 'Stmt', 'Ntry', 'TxDtls', 'Strd', 'CdtrRefInf', 'Ustrd', 'NtryDtls']);

type Node = Record<string, unknown>;

function asNode(value: unknown): Node | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
}

function list(value: unknown): Node[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((item) => asNode(item) ?? {});
}

/** Follows a path of element names; undefined when a step is missing. */
function at(node: Node | undefined, ...path: string[]): unknown {
  let current: unknown = node;
  for (const step of path) {
    const next = asNode(current);
    if (!next) return undefined;
    current = next[step];
    if (Array.isArray(current)) current = current[0];
  }
  return current;
}

/** An element's text, whether it carries attributes (`#text`) or not. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  if (node && '#text' in node) return text(node['#text']);
  return null;
}

/** "1234.5" → 123450, without floating point. */
function cents(amount: string, where: string): number {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new CamtError(`Der Betrag «${amount}» (${where}) ist keine gültige Zahl.`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function amountOf(node: Node | undefined, where: string): { amountCents: number; currency: string } | null {
  const amt = at(node, 'Amt');
  const value = text(amt);
  if (value === null) return null;
  const currency = (asNode(amt)?.['@_Ccy'] as string | undefined)?.trim().toUpperCase() ?? '';
  return { amountCents: cents(value, where), currency };
}

function dateOf(node: unknown): string | null {
  const date = text(at(asNode(node), 'Dt')) ?? text(at(asNode(node), 'DtTm'));
  return date ? date.slice(0, 10) : null;
}

function referenceOf(tx: Node | undefined): Pick<CamtEntry, 'reference' | 'referenceType' | 'remittance'> {
  const rmtInf = asNode(at(tx, 'RmtInf'));
  for (const strd of list(rmtInf?.['Strd'])) {
    for (const info of list(strd['CdtrRefInf'])) {
      const ref = text(info['Ref'])?.replace(/\s+/g, '').toUpperCase() ?? null;
      if (!ref) continue;
      const code = text(at(info, 'Tp', 'CdOrPrtry', 'Cd')) ?? text(at(info, 'Tp', 'CdOrPrtry', 'Prtry'));
      const type = code === 'SCOR' || ref.startsWith('RF') ? 'SCOR' : 'QRR';
      return { reference: ref, referenceType: type, remittance: unstructured(rmtInf) };
    }
  }
  return { reference: null, referenceType: null, remittance: unstructured(rmtInf) };
}

function unstructured(rmtInf: Node | undefined): string | null {
  const lines = rmtInf?.['Ustrd'];
  const joined = (Array.isArray(lines) ? lines : lines === undefined ? [] : [lines])
    .map(text)
    .filter((line): line is string => !!line)
    .join(' ');
  return joined || null;
}

function debtorOf(tx: Node | undefined): string | null {
  // 2019 (.08): RltdPties/Dbtr/Pty/Nm; older layouts put Nm directly under Dbtr.
  return (
    text(at(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm')) ??
    text(at(tx, 'RltdPties', 'Dbtr', 'Nm')) ??
    text(at(tx, 'RltdPties', 'UltmtDbtr', 'Pty', 'Nm'))
  );
}

function isReturn(node: Node | undefined): boolean {
  const indicator = text(at(node, 'CdtDbtInd'));
  const reversal = text(at(node, 'RvslInd'));
  return indicator === 'DBIT' || reversal === 'true' || at(node, 'RtrInf') !== undefined;
}

function entriesOf(ntry: Node, position: string): CamtEntry[] {
  const entryAmount = amountOf(ntry, `Buchung ${position}`);
  if (!entryAmount) throw new CamtError(`Die Buchung ${position} hat keinen Betrag.`);
  const valueDate = dateOf(at(ntry, 'ValDt')) ?? dateOf(at(ntry, 'BookgDt'));
  const entryRef = text(at(ntry, 'AcctSvcrRef')) ?? text(at(ntry, 'NtryRef'));
  const entryReturn = isReturn(ntry);
  const details = list(ntry['NtryDtls']).flatMap((d) => list(d['TxDtls']));
  const transactions: Array<Node | undefined> = details.length ? details : [undefined];

  return transactions.map((tx, index) => {
    const where = `Buchung ${position}${transactions.length > 1 ? `, Transaktion ${index + 1}` : ''}`;
    // A batch's single transactions carry their own amount; a single one may rely on the entry's.
    const { amountCents, currency } = amountOf(tx, where) ?? entryAmount;
    const ownRef = text(at(tx, 'Refs', 'AcctSvcrRef'));
    const entryReference =
      ownRef ?? (entryRef ? (transactions.length > 1 ? `${entryRef}/${index + 1}` : entryRef) : null);
    if (!entryReference) {
      throw new CamtError(
        `${where} hat keine Referenz der Bank (AcctSvcrRef); die Datei kann nicht eingelesen werden.`,
      );
    }
    const kind: CamtEntryKind =
      entryReturn || isReturn(tx) ? 'return' : currency !== 'CHF' ? 'foreign' : 'credit';
    return {
      entryReference,
      kind,
      amountCents,
      currency,
      valueDate,
      ...referenceOf(tx),
      debtorName: debtorOf(tx),
    };
  });
}

/** Parses a camt.054 / camt.053 file; throws CamtError with a German message when it cannot. */
export function parseCamt(xml: string): CamtFile {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new CamtError(
      `Die Datei ist kein gültiges XML (Zeile ${valid.err.line}). Bitte laden Sie die camt-Datei Ihrer Bank unverändert hoch.`,
    );
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    isArray: (name) => ARRAYS.has(name),
  });
  const parsed = asNode(parser.parse(xml));
  if (!parsed || !('Document' in parsed)) {
    throw new CamtError(
      'Die Datei ist keine ISO-20022-Bankdatei (kein «Document»). Bitte laden Sie eine camt.054- oder camt.053-Datei hoch.',
    );
  }
  // The parser drops namespace declarations (removeNSPrefix), so the root's is read from the text.
  const namespace = ROOT_NAMESPACE.exec(xml)?.[2];
  const version = namespace ? NAMESPACE.exec(namespace.trim())?.[1] : undefined;
  if (!version || !(SUPPORTED_FORMATS as readonly string[]).includes(version)) {
    throw new CamtError(
      `Diese Dateiversion (${version ?? 'unbekannt'}) wird nicht unterstützt. Bitte laden Sie eine Datei im Format camt.054.001.08 oder camt.053.001.08 hoch (im E-Banking «ISO 20022, Version 2019»).`,
    );
  }
  const format = version as CamtFormat;
  const root = asNode(
    asNode(parsed['Document'])?.[format.startsWith('camt.054') ? 'BkToCstmrDbtCdtNtfctn' : 'BkToCstmrStmt'],
  );
  if (!root) throw new CamtError('Die Datei ist leer oder unvollständig.');
  const messageId = text(at(root, 'GrpHdr', 'MsgId')) ?? '';
  const reports = list(root[format.startsWith('camt.054') ? 'Ntfctn' : 'Stmt']);
  const account = text(at(reports[0], 'Acct', 'Id', 'IBAN'));
  const entries = reports.flatMap((report, r) =>
    list(report['Ntry']).flatMap((ntry, n) =>
      entriesOf(ntry, reports.length > 1 ? `${r + 1}.${n + 1}` : `${n + 1}`),
    ),
  );
  return { format, messageId, account, entries };
}
