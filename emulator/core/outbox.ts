/**
 * The outbox: e-mails and SMS the tenant "sends" (passwordless codes and links,
 * password-change mails, verification mails, job-completion mails). Tests and
 * examples read it in process (`emu.outbox`) or at GET /__emulator/outbox.
 */
export interface OutboxMessage {
  id: number;
  /** `email` or `sms`. */
  channel: 'email' | 'sms';
  to: string;
  /** What it is for: `passwordless`, `change_password`, `verify_email`, `job_completion`, … */
  kind: string;
  subject?: string;
  body: string;
  /** One-time code, when the message carries one. */
  code?: string;
  /** Link, when the message carries one. */
  link?: string;
  date: string;
  [extra: string]: unknown;
}

export type OutboxInput = Omit<OutboxMessage, 'id' | 'date'> & { date?: string };

export class Outbox {
  private items: OutboxMessage[] = [];
  private counter = 0;

  constructor(
    private readonly now: () => string,
    readonly maxMessages = 10_000,
  ) {}

  push(input: OutboxInput): OutboxMessage {
    this.counter += 1;
    const message = { ...input, id: this.counter, date: input.date ?? this.now() } as OutboxMessage;
    this.items.push(message);
    if (this.items.length > this.maxMessages) this.items.shift();
    return message;
  }

  /** Every message, oldest first (a copy). */
  get messages(): OutboxMessage[] {
    return this.items.slice();
  }

  /** Messages sent to `to` (case-insensitive), oldest first. */
  to(to: string): OutboxMessage[] {
    const wanted = to.toLowerCase();
    return this.items.filter((m) => m.to.toLowerCase() === wanted);
  }

  /** The newest message, optionally only among those sent to `to`. */
  last(to?: string): OutboxMessage | undefined {
    const list = to === undefined ? this.items : this.to(to);
    return list[list.length - 1];
  }

  clear(): void {
    this.items = [];
  }
}
