/**
 * `AUTH0_LOGIN=1 npm start` (or `npm start -- --login`): the editor, the `http in` pages under
 * /private and the dashboard behind the emulator's login page, with @idflow/node-red-auth0/login as a user sets it up.
 * The emulator gets an application for Node-RED, its login page, and a post-login Action adding the roles claim; Node-RED's
 * settings.js loads auth0-login-settings.js, which reads the secrets from the environment.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Emulator } from '../emulator';

export const LOGIN_ROLES_CLAIM = 'https://example.com/roles';
const LOGIN_CLIENT_ID = 'node-red-editor-login';

/** The post-login Action most users write to put their roles in the ID token, as an emulator seed entry. */
export function rolesAction(claim: string): { name: string; code: string } {
  return {
    name: 'Add roles to tokens',
    code: `exports.onExecutePostLogin = async (event, api) => {
  const roles = (event.authorization && event.authorization.roles) || [];
  api.idToken.setCustomClaim('${claim}', roles);
};`,
  };
}

export function loginWanted(): boolean {
  return process.env.AUTH0_LOGIN === '1' || process.env.AUTH0_LOGIN === 'true' || process.argv.includes('--login');
}

export interface LoginSetup {
  /** Environment of the Node-RED process: the secrets never go into a file. */
  env: Record<string, string>;
  /** Headers for the one deployment npm start makes of the example flows. */
  deployHeaders: Record<string, string>;
}

/** Prepares the emulator and the user directory; returns what the Node-RED process needs. */
export function setUpLogin(emulator: Emulator, userDir: string, nodeRedPort: number): LoginSetup {
  const base = `http://127.0.0.1:${nodeRedPort}`;
  const clientSecret = randomBytes(32).toString('hex');
  emulator.seed({
    universalLogin: { page: true },
    // The roles Action as a user writes it: the emulator runs it at every login.
    actions: [rolesAction(LOGIN_ROLES_CLAIM)],
    clients: [
      {
        name: 'Node-RED (npm start)',
        client_id: LOGIN_CLIENT_ID,
        client_secret: clientSecret,
        app_type: 'regular_web',
        grant_types: ['authorization_code'],
        callbacks: [`${base}/auth/strategy/callback`, `${base}/auth0/callback`],
        // The editor's logout comes back to the editor; the pages' to the "You are logged out" page.
        allowed_logout_urls: [`${base}/`, `${base}/logged-out`],
      },
    ],
  });
  fs.writeFileSync(
    path.join(userDir, 'auth0-login-settings.js'),
    `// Written by AUTH0_LOGIN=1 npm start; changes are overwritten. The secrets come from the environment.
const login = require('@idflow/node-red-auth0/login');
// Its own variables: AUTH0_CLIENT_ID and AUTH0_CLIENT_SECRET are the examples' machine-to-machine application.
const auth0 = { protocol: 'http', rolesClaim: '${LOGIN_ROLES_CLAIM}', clientId: process.env.NODE_RED_LOGIN_CLIENT_ID, clientSecret: process.env.NODE_RED_LOGIN_CLIENT_SECRET };
// npm start deploys the example flows once with a one-time token; after that only logged-in users can.
let deployToken = process.env.NODE_RED_START_DEPLOY_TOKEN;
const pages = login.httpMiddleware({ ...auth0, paths: ['/private', '/dashboard'] });
const settings = {
    adminAuth: {
        ...login.adminAuth({ ...auth0, permissions: { 'node-red-admin': '*', 'node-red-viewer': 'read' } }),
        tokens: (token) => {
            const ok = typeof deployToken === 'string' && token === deployToken;
            if (ok) deployToken = undefined;
            return Promise.resolve(ok ? { username: 'npm start', permissions: '*' } : null);
        },
    },
    editorTheme: { logout: { redirect: login.logoutUrl(auth0) } },
    httpNodeMiddleware: pages,
    // FlowFuse Dashboard 2 (when installed): its pages and its socket.io connection.
    dashboard: { middleware: pages, ioMiddleware: pages.ioMiddleware },
};
// Read: out of the environment, where flows could see them (env.get falls back to it).
for (const name of ['NODE_RED_LOGIN_CLIENT_SECRET', 'AUTH0_COOKIE_SECRET', 'NODE_RED_START_DEPLOY_TOKEN']) delete process.env[name];
module.exports = settings;
`,
  );
  const settings = path.join(userDir, 'settings.js');
  fs.appendFileSync(
    settings,
    `
// AUTH0_LOGIN=1: the editor behind Auth0's login.
const auth0Login = require('./auth0-login-settings.js');
Object.assign(module.exports, auth0Login, { editorTheme: { ...module.exports.editorTheme, ...auth0Login.editorTheme } });
`,
  );
  const deployToken = randomBytes(32).toString('hex');
  return {
    env: {
      NODE_RED_LOGIN_CLIENT_ID: LOGIN_CLIENT_ID,
      NODE_RED_LOGIN_CLIENT_SECRET: clientSecret,
      AUTH0_COOKIE_SECRET: randomBytes(32).toString('hex'),
      AUTH0_BASE_URL: base,
      NODE_RED_START_DEPLOY_TOKEN: deployToken,
    },
    deployHeaders: { authorization: `Bearer ${deployToken}` },
  };
}

/** The emulator's users with a Node-RED role, and one without, for the start banner. */
export function loginBanner(emulator: Emulator): string {
  const state = emulator.state;
  const lines: string[] = [];
  for (const user of state.users.values()) {
    const roles = state.userRoles.rightsOf(user.user_id).map((id) => state.roles.get(id)?.name ?? id);
    const nodeRedRoles = roles.filter((r) => r.startsWith('node-red-'));
    if (nodeRedRoles.length > 0) lines.push(`  ${String(user.email)}  roles: ${nodeRedRoles.join(', ')}`);
    else if (user.email === 'norole@example.com') lines.push(`  ${user.email}  no role (refused)`);
  }
  return [
    'Editor login (AUTH0_LOGIN=1): the editor, the http in pages under /private and the dashboard ask for a login at the emulator.',
    'Users (password Demo-passw0rd!; node-red-admin deploys, node-red-viewer only reads):',
    ...lines,
    'GET /logout ends the /private session; the editor menu\'s "Logout" ends the editor\'s.',
  ].join('\n');
}
