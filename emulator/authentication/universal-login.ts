/**
 * The emulator's login page, as Auth0's Universal Login shows one: /authorize without a test
 * shortcut shows a username and password form for the database connection; a correct password
 * gives a one-time login ticket that /authorize then turns into the code. On when the seed says
 * `"universalLogin": { "page": true }` (npm start does); off, /authorize keeps logging in at once.
 * The shortcuts `username` + `password` and `login_hint` on /authorize are for tests only.
 */
import { randomToken } from '../core/ids';
import type { ClientRecord, ConnectionRecord, UserRecord } from '../core/model';
import type { QueryReader } from '../core/query';
import { RawReply, type RouteContext, type Tenant } from '../core/types';

export interface UniversalLoginSettings {
  /** Show the login page instead of logging the first user in at once. */
  page?: boolean;
  /** Put the user's role names in ID and access tokens under this claim, as the post-login Action would. */
  rolesClaim?: string;
}

const SETTINGS_DOC = 'universal-login';
const TICKETS_DOC = 'universal-login-tickets';
const TICKET_LIFETIME_SECONDS = 60;

export function universalLoginSettings(tenant: Tenant): UniversalLoginSettings {
  return tenant.state.doc<UniversalLoginSettings>(SETTINGS_DOC, () => ({}));
}

export function setUniversalLoginSettings(tenant: Tenant, settings: UniversalLoginSettings): void {
  tenant.state.setDoc(SETTINGS_DOC, { ...universalLoginSettings(tenant), ...settings });
}

interface Ticket {
  userId: string;
  expiresAt: number;
}

function tickets(tenant: Tenant): Map<string, Ticket> {
  return tenant.state.doc<Map<string, Ticket>>(TICKETS_DOC, () => new Map());
}

/** A one-time ticket for a user who has just given the right password on the page. */
export function issueLoginTicket(tenant: Tenant, user: UserRecord): string {
  const ticket = randomToken(24);
  tickets(tenant).set(ticket, { userId: user.user_id, expiresAt: tenant.clock.nowSeconds() + TICKET_LIFETIME_SECONDS });
  return ticket;
}

/** The user of `login_ticket` in an /authorize query (used up), or undefined. */
export function consumeLoginTicket(ctx: RouteContext, q: QueryReader): UserRecord | undefined {
  const value = q.str('login_ticket');
  if (!value) return undefined;
  const all = tickets(ctx.tenant);
  const ticket = all.get(value);
  all.delete(value);
  if (!ticket || ticket.expiresAt < ctx.tenant.clock.nowSeconds()) return undefined;
  return ctx.tenant.state.users.get(ticket.userId);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page: the application's name, the connection, a username/password form posting to /u/login. */
export function loginPage(authorizeQuery: string, client: ClientRecord, connection: ConnectionRecord, error?: string, username = ''): RawReply {
  const body = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Log in | ${escapeHtml(client.name)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f3f4f6;display:flex;justify-content:center;padding-top:10vh}
main{background:#fff;padding:2rem 2.5rem;border-radius:8px;box-shadow:0 2px 12px #0002;width:22rem}
label{display:block;margin-top:1rem;font-size:.9rem}input{width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem}
button{margin-top:1.5rem;width:100%;padding:.7rem;background:#635dff;color:#fff;border:0;border-radius:4px;font-size:1rem}
.error{color:#b00020}.note{color:#666;font-size:.8rem;margin-top:1.5rem}</style></head>
<body><main><h1>Welcome</h1><p>Log in to ${escapeHtml(client.name)} to continue.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/u/login">
<input type="hidden" name="authorize" value="${escapeHtml(authorizeQuery)}">
<label for="username">Email address or username</label><input id="username" name="username" autocomplete="username" value="${escapeHtml(username)}" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" name="action" value="default">Continue</button>
</form><p class="note">Local Auth0 emulator, connection ${escapeHtml(connection.name)}.</p></main></body></html>`;
  return new RawReply(error ? 400 : 200, body, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
}
