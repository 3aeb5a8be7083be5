/**
 * The login page's form (POST /u/login) and the seed key `universalLogin` that turns the page on
 * and sets the roles claim (see universal-login.ts).
 */
import { OAuthError } from '../core/errors';
import { QueryReader } from '../core/query';
import { DEFAULT_DB_CONNECTION } from '../core/state';
import { RawReply, type RoutesModule } from '../core/types';
import { bodyFields, str } from './clients';
import { passwordLogin } from './login';
import { issueLoginTicket, loginPage, setUniversalLoginSettings, type UniversalLoginSettings } from './universal-login';

export const registerUniversalLoginRoutes: RoutesModule = (routes) => {
  routes.onSeed((data, tenant) => {
    const settings = data.universalLogin as UniversalLoginSettings | undefined;
    if (settings === undefined) return;
    if (typeof settings !== 'object' || settings === null) throw new OAuthError(400, 'invalid_request', 'seed key universalLogin must be an object');
    setUniversalLoginSettings(tenant, {
      ...(typeof settings.page === 'boolean' ? { page: settings.page } : {}),
      ...(typeof settings.rolesClaim === 'string' ? { rolesClaim: settings.rolesClaim } : {}),
    });
  });

  routes.auth('POST', '/u/login', (ctx) => {
    const body = bodyFields(ctx.body);
    const authorizeQuery = str(body, 'authorize') ?? '';
    const q = new QueryReader(new URLSearchParams(authorizeQuery));
    const client = ctx.tenant.state.clients.get(q.str('client_id') ?? '');
    if (!client) throw new OAuthError(400, 'invalid_request', 'The login form does not name a known application');
    // The connection /authorize showed the page for (it does not check the connection's enabled clients either).
    const connectionName = q.str('connection') ?? q.str('realm') ?? DEFAULT_DB_CONNECTION;
    const connection = ctx.tenant.state.connectionByName(connectionName);
    if (!connection) throw new OAuthError(400, 'invalid_request', `the connection ${connectionName} does not exist`);
    const username = str(body, 'username') ?? '';
    try {
      const user = passwordLogin(ctx, client, connection, username, str(body, 'password') ?? '');
      const next = new URLSearchParams(authorizeQuery);
      next.set('login_ticket', issueLoginTicket(ctx.tenant, user));
      return RawReply.redirect(`/authorize?${next.toString()}`);
    } catch (err) {
      if (err instanceof OAuthError) return loginPage(authorizeQuery, client, connection, err.message, username);
      throw err;
    }
  });
};
