/** A request written byte for byte on a socket: request targets (absolute-form, odd case, raw `\` or `#`) that fetch would rewrite. */
import * as net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

export function rawGet(port: number, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(30000, () => socket.destroy(new Error(`GET ${target} timed out`)));
    socket.on('connect', () => {
      const lines = [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split >= 0 ? text.slice(0, split) : text;
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: split >= 0 ? text.slice(split + 4) : '' });
    });
  });
}
