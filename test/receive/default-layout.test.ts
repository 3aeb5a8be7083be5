/**
 * The receivers in a real Node-RED with its default layout: the editor's admin API and the nodes'
 * routes both at `/`, where the admin app's JSON and form parsers see every request first. A
 * JSON-lines log-stream batch sent as `application/json` reaches auth0-log-stream-in (and its
 * events leave it); a request without the secret gets the receiver's 401, its body never parsed
 * (a body no JSON parser accepts would have been a 400 page); the editor's own API keeps its paths,
 * even when a receiver is set on one of them. In Node-RED 4 and 5.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { userDirWithPackage } from '../browser/editor-session';
import { startNodeRed, type NodeRedProcess } from '../helpers/node-red-process';
import { type NodeRedRuntime, type RuntimeName, nodeRedRuntime } from '../package/node-red-runtimes';
import { root } from '../package/package-files';
import { waitForValue } from '../helpers/wait';

const LOG_SECRET = 'log-stream-secret-123';
const EVENT_TOKEN = 'event-stream-token-456';

function logEvent(n: number): Record<string, unknown> {
  return { log_id: `9000000000000000000000${n}`, type: 's', date: new Date().toISOString(), description: `login ${n}` };
}

function cloudEvent(n: number): Record<string, unknown> {
  return {
    id: `evt_${n}`,
    type: 'user.created',
    source: 'urn:auth0:example',
    specversion: '1.0',
    time: new Date().toISOString(),
    data: { object: { user_id: `auth0|${n}` } },
  };
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, text: await res.text() };
}

for (const name of ['4', '5'] as RuntimeName[]) {
  describe(`receivers in Node-RED ${name}'s default layout (httpAdminRoot and httpNodeRoot both /)`, function () {
    this.timeout(300000);
    let runtime: NodeRedRuntime;
    let nodeRed: NodeRedProcess | undefined;
    let userDir: string | undefined;
    let outFile = '';

    before(async () => {
      if (!fs.existsSync(path.join(root, 'dist', 'nodes', 'logs', 'auth0-log-stream-in.js'))) throw new Error('nothing is built: run `npm run build` first');
      runtime = await nodeRedRuntime(name);
      userDir = userDirWithPackage();
      outFile = path.join(userDir, 'received.jsonl');
      // No httpAdminRoot, httpNodeRoot or httpRoot: Node-RED's defaults.
      nodeRed = await startNodeRed(runtime.redJs, userDir, 120000, runtime.node);
      const flows = [
        { id: 'tab', type: 'tab', label: 'receivers' },
        { id: 'logs', type: 'auth0-log-stream-in', z: 'tab', url: '/auth0/logs', credentials: { authorization: LOG_SECRET }, wires: [['out']] },
        {
          id: 'events',
          type: 'auth0-event-stream-in',
          z: 'tab',
          url: '/auth0/events',
          authMethod: 'bearer',
          credentials: { token: EVENT_TOKEN },
          wires: [['out']],
        },
        // A receiver set on a path of the editor's API must not take it.
        { id: 'shadow', type: 'auth0-log-stream-in', z: 'tab', url: '/flows', credentials: { authorization: LOG_SECRET }, wires: [[]] },
        {
          id: 'out',
          type: 'file',
          z: 'tab',
          filename: outFile,
          filenameType: 'str',
          appendNewline: true,
          createDir: false,
          overwriteFile: 'false',
          encoding: 'none',
          wires: [],
        },
      ];
      const deployed = await fetch(`${nodeRed.url}/flows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'node-red-deployment-type': 'full' },
        body: JSON.stringify(flows),
      });
      assert.equal(deployed.status, 204, await deployed.text());
      // Deployed and started: the route answers (401 without the secret).
      await waitForValue(async () => ((await post(`${nodeRed!.url}/auth0/logs`, '', {})).status === 401 ? true : undefined), {
        what: 'the receiver route',
        interval: 100,
      });
    });
    after(async () => {
      await nodeRed?.stop();
      if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
    });

    it('a JSON-lines batch sent as application/json reaches auth0-log-stream-in, and its events leave it', async () => {
      const batch = [logEvent(1), logEvent(2), logEvent(3)].map((event) => JSON.stringify(event)).join('\n');
      const answer = await post(`${nodeRed!.url}/auth0/logs`, batch, { 'content-type': 'application/json', authorization: LOG_SECRET });
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(JSON.parse(answer.text), { received: 3, duplicates: 0 });
      const lines = await waitForValue(
        async () => {
          const text = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8').trim() : '';
          const found = text === '' ? [] : text.split('\n');
          return found.length >= 3 ? found : undefined;
        },
        { what: 'three events in the file', interval: 100 },
      );
      assert.deepEqual(
        lines.map((line) => (JSON.parse(line) as { log_id: string }).log_id),
        [logEvent(1), logEvent(2), logEvent(3)].map((event) => event.log_id),
      );
    });

    it('a request without the secret gets the receiver 401, its body never parsed', async () => {
      for (const route of ['/auth0/logs', '/auth0/events']) {
        // Not JSON: a parser reading it first would have answered 400.
        for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
          const refused = await post(`${nodeRed!.url}${route}`, '{"not": json at all', { 'content-type': type });
          assert.equal(refused.status, 401, `${route} ${type}: ${refused.text.slice(0, 200)}`);
          assert.deepEqual(JSON.parse(refused.text), { error: 'unauthorized' });
        }
      }
    });

    it('an event sent with the bearer token reaches auth0-event-stream-in', async () => {
      const answer = await post(`${nodeRed!.url}/auth0/events`, JSON.stringify(cloudEvent(7)), {
        'content-type': 'application/json',
        authorization: `Bearer ${EVENT_TOKEN}`,
      });
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(JSON.parse(answer.text), { received: 1, duplicates: 0 });
    });

    it("leaves the editor API its own paths (a receiver set on /flows does not take Node-RED's)", async () => {
      const flows = await fetch(`${nodeRed!.url}/flows`);
      assert.equal(flows.status, 200);
      const again = await fetch(`${nodeRed!.url}/flows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'node-red-deployment-type': 'full' },
        body: await flows.text(),
      });
      assert.equal(again.status, 204, await again.text());
      // Still served by the receivers after the redeploy.
      const answer = await waitForValue(
        async () => {
          const res = await post(`${nodeRed!.url}/auth0/logs`, JSON.stringify(logEvent(9)), { 'content-type': 'application/json', authorization: LOG_SECRET });
          return res.status === 200 ? res : undefined;
        },
        { what: 'the receiver after the redeploy', interval: 100 },
      );
      assert.deepEqual(JSON.parse(answer.text), { received: 1, duplicates: 0 });
    });
  });
}
