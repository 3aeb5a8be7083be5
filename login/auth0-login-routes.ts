/**
 * The package's Node-RED plugin: gives the login module Node-RED's httpNode app, so the login
 * callback and logout routes of every httpMiddleware() in settings.js exist without any flow.
 */
import { attachNodeApp } from './route-registry';
import type { RouteHost } from './express-types';

interface PluginRED {
  httpNode?: RouteHost;
  settings: { httpNodeRoot?: unknown };
  plugins: { registerPlugin(id: string, definition: Record<string, unknown>): void };
}

module.exports = function (RED: PluginRED): void {
  RED.plugins.registerPlugin('auth0-login-routes', { type: 'auth0-login-routes' });
  if (RED.httpNode && RED.settings.httpNodeRoot !== false) attachNodeApp(RED.httpNode, RED.settings.httpNodeRoot);
};
