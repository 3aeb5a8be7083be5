/**
 * Password-change and e-mail-verification tickets: a URL on the emulator that
 * completes the action (the pages live in management/users/tickets.routes.ts).
 */
import { randomToken } from '../core/ids';
import type { Tenant } from '../core/types';

export interface Ticket {
  id: string;
  kind: 'password-change' | 'email-verification';
  userId: string;
  resultUrl?: string;
  clientId?: string;
  markEmailAsVerified?: boolean;
  /** Epoch seconds (emulated). */
  expiresAt: number;
}

export const DEFAULT_TICKET_TTL_SECONDS = 432000; // Auth0's default: 5 days

export function ticketStore(tenant: Tenant): Map<string, Ticket> {
  return tenant.state.doc('core:tickets', () => new Map<string, Ticket>());
}

/** Creates a ticket and returns its URL. */
export function createTicket(tenant: Tenant, ticket: Omit<Ticket, 'id' | 'expiresAt'> & { ttlSeconds?: number }): string {
  const id = randomToken(24);
  const ttl = ticket.ttlSeconds && ticket.ttlSeconds > 0 ? ticket.ttlSeconds : DEFAULT_TICKET_TTL_SECONDS;
  ticketStore(tenant).set(id, {
    id,
    kind: ticket.kind,
    userId: ticket.userId,
    resultUrl: ticket.resultUrl,
    clientId: ticket.clientId,
    markEmailAsVerified: ticket.markEmailAsVerified,
    expiresAt: tenant.clock.nowSeconds() + ttl,
  });
  const path = ticket.kind === 'password-change' ? '/lo/reset' : '/u/email-verification';
  return `${tenant.url}${path}?ticket=${id}#`;
}

/** The live ticket of that kind, or undefined. */
export function findTicket(tenant: Tenant, id: string | undefined, kind: Ticket['kind']): Ticket | undefined {
  if (!id) return undefined;
  const ticket = ticketStore(tenant).get(id);
  if (!ticket || ticket.kind !== kind) return undefined;
  if (ticket.expiresAt < tenant.clock.nowSeconds()) {
    ticketStore(tenant).delete(id);
    return undefined;
  }
  return ticket;
}
