/** A loopback tenant that serves only its JWKS document, counting fetches; it fails (503) on demand and its keys can be rotated. */
import * as http from 'node:http';
import { jwksOf, type TestKey } from './jwt-fixtures';

export class KeyServer {
  keys: TestKey[];
  fetches = 0;
  failing = false;
  private server = http.createServer((req, res) => {
    if (req.url !== '/.well-known/jwks.json') {
      res.writeHead(404).end();
      return;
    }
    this.fetches += 1;
    if (this.failing) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwksOf(...this.keys)));
  });

  constructor(...keys: TestKey[]) {
    this.keys = keys;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get domain(): string {
    return `127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  get issuer(): string {
    return `http://${this.domain}/`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
