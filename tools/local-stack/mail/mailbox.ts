import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { ProviderFaults } from '../provider-faults';

export interface MailAttachment {
  filename: string;
  contentType: string | null;
  /** An inline image's id: the HTML shows it where it says `cid:<id>`. */
  contentId: string | null;
  /** Base64, as it arrived. */
  content: string;
  size: number;
}

export interface StoredMail {
  id: string;
  created_at: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  reply_to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  attachments: MailAttachment[];
  /** Who handed the message over: the mail provider API or the auth server. */
  source: 'api' | 'auth';
}

export type NewMail = Omit<StoredMail, 'id' | 'created_at'>;

/** How long Resend remembers an idempotency key. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

interface IdempotentSend {
  payloadHash: string;
  id: string;
  at: number;
}

/** File name of the mailbox under the stack's data directory. */
export const MAILBOX_FILE = 'mail.json';

/**
 * The messages "sent" through the stand-in provider, oldest first. Kept in a JSON file under the
 * stack's data directory, so a restarted `npm run dev` still shows the last confirmation mail.
 */
export class Mailbox {
  readonly faults = new ProviderFaults();
  private messages: StoredMail[];
  /** Idempotency keys of the last 24 hours (in memory: a restarted stack forgets them). */
  private readonly sends = new Map<string, IdempotentSend>();

  constructor(private readonly file: string | null = null) {
    this.messages = file ? readMessages(file) : [];
  }

  add(mail: NewMail): StoredMail {
    const stored = { id: randomUUID(), created_at: new Date().toISOString(), ...mail };
    this.messages.push(stored);
    this.save();
    return stored;
  }

  /**
   * Stores the mail once per idempotency key: a repeat with the same payload gets the first
   * message back, a different payload under the same key is a mismatch.
   */
  addOnce(key: string, payload: string, mail: NewMail): { id: string } | 'payload-mismatch' {
    const now = Date.now();
    const payloadHash = createHash('sha256').update(payload).digest('hex');
    const earlier = this.sends.get(key);
    if (earlier && now - earlier.at < IDEMPOTENCY_WINDOW_MS) {
      // The first answer again, also after the mailbox was cleared: nothing is sent twice.
      return earlier.payloadHash === payloadHash ? { id: earlier.id } : 'payload-mismatch';
    }
    const stored = this.add(mail);
    this.sends.set(key, { payloadHash, id: stored.id, at: now });
    return stored;
  }

  list(): StoredMail[] {
    return [...this.messages];
  }

  get(id: string): StoredMail | undefined {
    return this.messages.find((mail) => mail.id === id);
  }

  clear(): void {
    this.messages = [];
    this.save();
  }

  reset(): void {
    this.clear();
    this.sends.clear();
    this.faults.reset();
  }

  private save(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.messages));
  }
}

function readMessages(file: string): StoredMail[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? (parsed as StoredMail[]) : [];
  } catch {
    return [];
  }
}
