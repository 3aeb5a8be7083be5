/**
 * The package's Node-RED plugin: gives the login module Node-RED's httpNode app, so the login
 * callback and logout routes of every httpMiddleware() in settings.js exist without any flow, and
 * the runtime's context and tenants, where ended sessions are kept.
 */
import { attachNodeApp, attachRuntime } from './route-registry';
import type { RouteHost } from './express-types';
import { loginRuntimeOf, type RuntimeAPI } from './login-runtime';

interface PluginRED extends RuntimeAPI {
  httpNode?: RouteHost;
  settings: { httpNodeRoot?: unknown };
  plugins: { registerPlugin(id: string, definition: Record<string, unknown>): void };
}

module.exports = function (RED: PluginRED): void {
  RED.plugins.registerPlugin('auth0-login-routes', { type: 'auth0-login-routes' });
  if (RED.httpNode && RED.settings.httpNodeRoot !== false) attachNodeApp(RED.httpNode, RED.settings.httpNodeRoot);
  attachRuntime(loginRuntimeOf(RED));
};
