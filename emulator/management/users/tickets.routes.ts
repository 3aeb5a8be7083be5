/**
 * Management API tickets (password change, e-mail verification) and the pages
 * their URLs open on the emulator: GET/POST /lo/reset, GET /u/email-verification.
 */
import { badRequest, notFound } from '../../core/errors';
import { RawReply, type RouteContext, type RoutesModule } from '../../core/types';
import { checkPasswordPolicy, setUserPassword } from '../../core/users';
import { createTicket, findTicket, ticketStore } from '../../authentication/tickets';
import { objectBody, optionalBoolean, optionalString, requiredString } from '../body';
import { requireUser } from './users.routes';

function ttlOf(body: Record<string, unknown>): number | undefined {
  const ttl = body.ttl_sec;
  if (ttl === undefined) return undefined;
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0) throw badRequest(`Payload validation error: 'Expected type integer' on property ttl_sec.`);
  return ttl;
}

function page(title: string, body: string, status = 200): RawReply {
  return RawReply.text(
    `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
    'text/html; charset=utf-8',
    status,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function finish(ctx: RouteContext, resultUrl: string | undefined, title: string, params: Record<string, string>): RawReply {
  if (resultUrl) {
    const sep = resultUrl.includes('?') ? '&' : '?';
    return RawReply.redirect(`${resultUrl}${sep}${new URLSearchParams(params).toString()}`);
  }
  return page(title, '<p>You can close this window.</p>');
}

export const registerTicketsRoutes: RoutesModule = (routes) => {
  routes.management(
    'POST',
    '/api/v2/tickets/email-verification',
    ['create:user_tickets'],
    (ctx) => {
      const body = objectBody(ctx.body);
      const user = requireUser(ctx.tenant.state, requiredString(body, 'user_id'));
      const ticket = createTicket(ctx.tenant, {
        kind: 'email-verification',
        userId: user.user_id,
        resultUrl: optionalString(body, 'result_url'),
        clientId: optionalString(body, 'client_id'),
        ttlSeconds: ttlOf(body),
      });
      ctx.status = 201;
      return { ticket };
    },
    { description: 'Create an email verification ticket' },
  );

  routes.management(
    'POST',
    '/api/v2/tickets/password-change',
    ['create:user_tickets'],
    (ctx) => {
      const state = ctx.tenant.state;
      const body = objectBody(ctx.body);
      let userId = optionalString(body, 'user_id');
      if (!userId) {
        const email = optionalString(body, 'email');
        const connectionId = optionalString(body, 'connection_id');
        if (!email || !connectionId) throw badRequest(`Payload validation error: 'Missing required property: user_id (or email and connection_id)'.`);
        const connection = state.connections.get(connectionId);
        if (!connection) throw notFound('The connection does not exist.', 'inexistent_connection');
        const user = state.users.firstBy('connection_email', `${connection.name}\n${email.toLowerCase()}`);
        if (!user) throw notFound('The user does not exist.', 'inexistent_user');
        userId = user.user_id;
      }
      const user = requireUser(state, userId);
      if (user.identities[0]?.provider !== 'auth0') throw badRequest('The user is not a database user', 'operation_not_supported');
      const ticket = createTicket(ctx.tenant, {
        kind: 'password-change',
        userId: user.user_id,
        resultUrl: optionalString(body, 'result_url'),
        clientId: optionalString(body, 'client_id'),
        markEmailAsVerified: optionalBoolean(body, 'mark_email_as_verified'),
        ttlSeconds: ttlOf(body),
      });
      ctx.status = 201;
      return { ticket };
    },
    { description: 'Create a password change ticket' },
  );

  routes.auth('GET', '/lo/reset', (ctx) => {
    const id = ctx.query.str('ticket');
    if (!findTicket(ctx.tenant, id, 'password-change')) return page('Invalid or expired link', '<p>This link is not valid anymore.</p>', 400);
    return page(
      'Change your password',
      `<form method="post" action="/lo/reset"><input type="hidden" name="ticket" value="${escapeHtml(id ?? '')}"/><input type="password" name="newPassword"/><button type="submit">Change</button></form>`,
    );
  });

  routes.auth('POST', '/lo/reset', (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const id = typeof body.ticket === 'string' ? body.ticket : undefined;
    const password = typeof body.newPassword === 'string' ? body.newPassword : undefined;
    const ticket = findTicket(ctx.tenant, id, 'password-change');
    const state = ctx.tenant.state;
    const user = ticket ? state.users.get(ticket.userId) : undefined;
    if (!ticket || !user) return page('Invalid or expired link', '<p>This link is not valid anymore.</p>', 400);
    const connection = state.connectionByName(user.identities[0]?.connection ?? '');
    try {
      if (!password || !connection) throw new Error('missing');
      checkPasswordPolicy(connection, password);
    } catch {
      ctx.log({ type: 'fcp', description: 'Password is too weak', user_id: user.user_id, user_name: user.email });
      return page('Password is too weak', '<p>Choose a stronger password.</p>', 400);
    }
    setUserPassword(state, user.user_id, password);
    if (ticket.markEmailAsVerified)
      state.users.update(user.user_id, (u) => {
        u.email_verified = true;
      });
    ticketStore(ctx.tenant).delete(ticket.id);
    ctx.log({ type: 'scp', description: 'Password changed', user_id: user.user_id, user_name: user.email, client_id: ticket.clientId });
    return finish(ctx, ticket.resultUrl, 'Password changed', { success: 'true', message: 'Your password has been changed successfully.' });
  });

  routes.auth('GET', '/u/email-verification', (ctx) => {
    const ticket = findTicket(ctx.tenant, ctx.query.str('ticket'), 'email-verification');
    const user = ticket ? ctx.tenant.state.users.get(ticket.userId) : undefined;
    if (!ticket || !user) {
      ctx.log({ type: 'fv', description: 'Invalid or expired verification ticket' });
      return page('Invalid or expired link', '<p>This link is not valid anymore.</p>', 400);
    }
    ctx.tenant.state.users.update(user.user_id, (u) => {
      u.email_verified = true;
    });
    ticketStore(ctx.tenant).delete(ticket.id);
    ctx.log({ type: 'sv', description: 'Email verified', user_id: user.user_id, user_name: user.email, client_id: ticket.clientId });
    return finish(ctx, ticket.resultUrl, 'Email verified', { success: 'true', message: 'Your email was verified. You can continue using the application.' });
  });
};
