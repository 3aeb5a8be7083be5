/**
 * Node-RED's http in endpoints in the test helper's runtime: the helper builds their express app
 * (RED.httpNode) but serves it nowhere. `captureHttpNode`, a node module loaded with the others,
 * keeps it; `serveHttpNodes()` serves it on a loopback port, as Node-RED's own server would.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

let httpNodeApp: http.RequestListener | undefined;

/** A node module that only keeps Node-RED's http in app. */
export function captureHttpNode(RED: { httpNode?: unknown }): void {
  httpNodeApp = RED.httpNode as http.RequestListener;
}

/**
 * Serves the http in endpoints of the loaded flows on a free loopback port: the app captured last,
 * at each request (503 while none has been).
 */
export async function serveHttpNodes(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => (httpNodeApp ? httpNodeApp(req, res) : res.writeHead(503).end('no http in app captured')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
