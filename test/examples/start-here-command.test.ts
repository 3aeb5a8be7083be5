/**
 * The "Start here" tab's failed-login alert gives a ready command to cause failed logins: run
 * against an emulator started as `npm start` starts it (the demo seed, the fixed web application),
 * it signs in with a wrong password as often as the alert's threshold needs.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_WEB_CLIENT } from '../../scripts/demo-clients';

const root = path.resolve(__dirname, '..', '..', '..');
type FlowNode = Record<string, unknown> & { id: string; type: string };

describe('the "Start here" failed-login command', () => {
  let emu: Emulator;
  before(async () => {
    const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as Record<string, unknown>;
    emu = await startEmulator({ port: 0, clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET, webClient: DEMO_WEB_CLIENT, seed });
  });
  after(() => emu.close());

  it("causes as many failed logins (fp) as the alert's threshold, with the web application npm start fixes", async () => {
    const flow = JSON.parse(fs.readFileSync(path.join(root, 'examples', 'logs', 'alert-on-failed-logins.json'), 'utf8')) as FlowNode[];
    const info = flow.filter((node) => node.type === 'comment').map((node) => String(node.info ?? '')).join('\n');
    const match = /`for i in ([\d ]+); do curl ((?:-d \S+ )+)(http:\/\/127\.0\.0\.1:4010\/oauth\/token); echo; done`/.exec(info);
    assert.ok(match, 'the comment gives the curl command');
    const times = match[1].trim().split(/\s+/).length;
    const threshold = Number((flow.find((node) => node.type === 'auth0-log-alert') as FlowNode).threshold);
    assert.ok(times > threshold, `${times} tries reach the threshold ${threshold}`);
    const form = new URLSearchParams(
      match[2]
        .trim()
        .split(/\s*-d\s+/)
        .filter(Boolean)
        .map((pair) => pair.split('=', 2) as [string, string]),
    );
    assert.equal(form.get('client_id'), emu.webClient.clientId);
    const url = match[3].replace('127.0.0.1:4010', emu.domain);
    for (let i = 0; i < times; i++) {
      const answer = await fetch(url, { method: 'POST', body: form });
      const body = (await answer.json()) as { error?: string };
      assert.equal(answer.status, 403, JSON.stringify(body));
      assert.equal(body.error, 'invalid_grant');
    }
    const failed = emu.logs.all().filter((event) => event.type === 'fp' && event.user_name === 'ada@example.com');
    assert.equal(failed.length, times);
  });
});
