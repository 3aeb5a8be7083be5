/**
 * The Node-RED `npm start` runs: Node-RED from the project's own dependencies, embedded as its
 * documentation describes (RED.init on our HTTP server, its admin and node apps mounted on ours),
 * so that requests from other sites are refused before Node-RED sees them (see local-guard.ts).
 * Listens on 127.0.0.1 only. Usage: node local-node-red.js <userDir> <port>.
 */
import * as http from 'node:http';
import * as path from 'node:path';
import { allowedHosts, guardRequests, guardUpgrades } from './local-guard';

interface NodeRed {
  init(server: http.Server, settings: Record<string, unknown>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  httpAdmin: http.RequestListener;
  httpNode: http.RequestListener;
  log: { info(message: string): void; error(message: string): void };
}
type Express = (() => http.RequestListener & { use(...handlers: unknown[]): void; disable(name: string): void }) & Record<string, unknown>;

async function main(): Promise<void> {
  const [userDirArg, portArg] = process.argv.slice(2);
  if (!userDirArg || !portArg) throw new Error('usage: local-node-red <userDir> <port>');
  const userDir = path.resolve(userDirArg);
  const port = Number(portArg);
  // NODE_RED_PACKAGE: another Node-RED's package folder (the tests run npm start on Node-RED 5 this way).
  const nodeRedMain = require.resolve(process.env.NODE_RED_PACKAGE ?? 'node-red');
  /* eslint-disable @typescript-eslint/no-require-imports */
  const RED = require(nodeRedMain) as NodeRed;
  // Node-RED's own express, so the apps it gives us are mounted on the version they were made for.
  const express = require(require.resolve('express', { paths: [nodeRedMain] })) as Express;
  const settingsFile = path.join(userDir, 'settings.js');
  const settings = { ...(require(settingsFile) as Record<string, unknown>) };
  /* eslint-enable @typescript-eslint/no-require-imports */
  Object.assign(settings, { settingsFile, userDir, uiHost: '127.0.0.1', uiPort: port, httpAdminRoot: '/', httpNodeRoot: '/' });

  const hosts = allowedHosts(port);
  const app = express();
  app.disable('x-powered-by');
  app.use(guardRequests(hosts));
  const server = http.createServer(app);
  // Before Node-RED's own (the editor's WebSocket), which it adds when it starts.
  server.on('upgrade', guardUpgrades(hosts));
  RED.init(server, settings);
  app.use('/', RED.httpAdmin);
  app.use('/', RED.httpNode);
  await RED.start();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  RED.log.info(`Server now running at http://127.0.0.1:${port}/ (requests from other sites are refused)`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    RED.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`Node-RED could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
