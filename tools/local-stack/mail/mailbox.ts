import { randomUUID } from 'node:crypto';
import { ProviderFaults } from '../provider-faults';

export interface MailAttachment {
  filename: string;
  contentType: string | null;
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

/** The messages "sent" through the stand-in provider, oldest first. In memory: dev tooling only. */
export class Mailbox {
  readonly faults = new ProviderFaults();
  private messages: StoredMail[] = [];

  add(mail: NewMail): StoredMail {
    const stored = { id: randomUUID(), created_at: new Date().toISOString(), ...mail };
    this.messages.push(stored);
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
  }

  reset(): void {
    this.clear();
    this.faults.reset();
  }
}
