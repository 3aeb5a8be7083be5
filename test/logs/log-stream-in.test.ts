/**
 * auth0-log-stream-in on Node-RED's HTTP server for nodes: only the configured Authorization is
 * accepted, the three content formats and Auth0's wrapping are read, redeliveries are dropped by
 * log_id, httpNodeMiddleware runs first, and the route goes away on close.
 */
import assert from 'node:assert/strict';
import type * as http from 'node:http';
import { TAB, logModules, request } from './runtime';
import { captureHttpNode, serveHttpNodes } from '../helpers/http-node';
import { Collector, helper, statusCalls, useSettings, type FlowNode } from '../helpers/node-red';
import { nested } from '../helpers/nested';

const SECRET = 'Bearer 7fG2-log-stream-secret';
const PATH = '/auth0/log-stream';

function inNode(overrides: Record<string, unknown> = {}): FlowNode {
  return { id: 'stream-in', type: 'auth0-log-stream-in', z: TAB.id, x: 100, y: 100, name: '', url: PATH, wires: [['out']], ...overrides };
}

const OUT: FlowNode = { id: 'out', type: 'helper', z: TAB.id, x: 300, y: 100 };

const EVENTS = [
  { log_id: '90020260101000000000000000000000000000000000000000000001', date: '2026-01-01T10:00:00.000Z', type: 'fp', user_name: 'ada@example.com' },
  { log_id: '90020260101000000000000000000000000000000000000000000002', date: '2026-01-01T10:00:01.000Z', type: 'limit_wc', user_name: 'ada@example.com' },
  { log_id: '90020260101000000000000000000000000000000000000000000003', date: '2026-01-01T10:00:02.000Z', type: 's', user_name: 'bob@example.com' },
];

describe('auth0-log-stream-in in Node-RED', function () {
  this.timeout(20000);
  let server: { url: string; close(): Promise<void> } | undefined;

  async function load(node: FlowNode = inNode(), credentials: Record<string, unknown> = { 'stream-in': { authorization: SECRET } }): Promise<Collector> {
    await helper.load([captureHttpNode, ...logModules('auth0-log-stream-in')], [TAB, node, OUT], credentials);
    server = await serveHttpNodes();
    return new Collector('out').attach();
  }

  /** `authorization` null: no Authorization header at all. */
  function post(body: string, authorization: string | null = SECRET, contentType = 'application/json'): ReturnType<typeof request> {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (authorization !== null) headers.authorization = authorization;
    return request(`${server?.url}${PATH}`, { headers, body });
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await helper.unload();
  });

  it('refuses a request without the configured Authorization (401), and sends nothing', async () => {
    const out = await load();
    for (const authorization of [null, '', 'Bearer wrong', SECRET.slice(0, -1), `${SECRET}x`, SECRET.toLowerCase()]) {
      const answer = await post(JSON.stringify(EVENTS[0]), authorization);
      assert.equal(answer.status, 401, `Authorization ${String(authorization)}`);
      assert.ok(!answer.text.includes(SECRET));
    }
    await settle();
    assert.equal(out.messages.length, 0);
    assert.ok(statusCalls('stream-in').some((s) => s.text === 'refused 6'));
  });

  it('reads JSON lines, a JSON array and a single object, one message per event with its type as topic', async () => {
    const out = await load();
    const lines = await post(`${JSON.stringify(EVENTS[0])}\n${JSON.stringify(EVENTS[1])}\n`, SECRET, 'application/x-ndjson');
    assert.equal(lines.status, 200);
    assert.deepEqual(JSON.parse(lines.text), { received: 2, duplicates: 0 });
    const array = await post(JSON.stringify([EVENTS[2]]));
    assert.equal(array.status, 200);
    const single = await post(JSON.stringify({ ...EVENTS[0], log_id: 'single-1' }));
    assert.equal(single.status, 200);
    await settle();
    assert.deepEqual(out.payloads(), [EVENTS[0], EVENTS[1], EVENTS[2], { ...EVENTS[0], log_id: 'single-1' }]);
    assert.deepEqual(
      out.messages.map((m) => m.topic),
      ['fp', 'limit_wc', 's', 'fp'],
    );
    assert.equal((out.messages[1].auth0 as Record<string, unknown>).log_id, EVENTS[1].log_id);
    assert.deepEqual(
      out.messages.map((m) => (m.auth0 as Record<string, unknown>).logType),
      [
        { code: 'fp', description: 'Failed Login - Invalid Password', category: 'auth.login.fail' },
        { code: 'limit_wc', description: 'Blocked Account - Failed Logins', category: 'system.notification' },
        { code: 's', description: 'Successful Login', category: 'auth.login.success' },
        { code: 'fp', description: 'Failed Login - Invalid Password', category: 'auth.login.fail' },
      ],
    );
    assert.ok(!('req' in out.messages[0]) && !('res' in out.messages[0]), 'the HTTP request went into the message');
  });

  it("unwraps Auth0's {log_id, data} items", async () => {
    const out = await load();
    const wrapped = EVENTS.map((event) => ({ log_id: event.log_id, data: { date: event.date, type: event.type, user_name: event.user_name } }));
    const answer = await post(wrapped.map((w) => JSON.stringify(w)).join('\n'));
    assert.equal(answer.status, 200);
    await settle();
    assert.deepEqual(
      out.payloads(),
      EVENTS.map((event) => ({ date: event.date, type: event.type, user_name: event.user_name, log_id: event.log_id })),
    );
  });

  it('drops events it has already received (a redelivered batch) by log_id', async () => {
    const out = await load();
    assert.equal((await post(JSON.stringify(EVENTS.slice(0, 2)))).status, 200);
    const again = await post(JSON.stringify(EVENTS));
    assert.equal(again.status, 200);
    assert.deepEqual(JSON.parse(again.text), { received: 3, duplicates: 2 });
    await settle();
    assert.deepEqual(
      out.payloads().map((e) => e.log_id),
      EVENTS.map((e) => e.log_id),
    );
  });

  it('answers 400 to a body that is not JSON, 413 to one over apiMaxLength, and sends nothing', async () => {
    const restore = useSettings({ apiMaxLength: '1kb' });
    try {
      const out = await load();
      assert.equal((await post('this is not json')).status, 400);
      assert.equal((await post(JSON.stringify([{ ...EVENTS[0], padding: 'x'.repeat(4096) }]))).status, 413);
      await settle();
      assert.equal(out.messages.length, 0);
    } finally {
      restore();
    }
  });

  it('refuses more log events in one request than Auth0 sends (413, with the reason), in every format, and sends nothing', async () => {
    const out = await load();
    const many = Array.from({ length: 5000 }, (_, i) => ({ log_id: `many-${i}`, type: 's' }));
    for (const [format, body] of [
      ['JSON lines', many.map((e) => JSON.stringify(e)).join('\n')],
      ['JSON array', JSON.stringify(many)],
      ['JSON lines of arrays', `${JSON.stringify(many.slice(0, 2500))}\n${JSON.stringify(many.slice(2500))}`],
    ]) {
      const answer = await post(body);
      assert.equal(answer.status, 413, format);
      assert.match(JSON.parse(answer.text).message as string, /takes at most 1000 per request \(Auth0 streams log events as they are written/, format);
    }
    await settle();
    assert.equal(out.messages.length, 0);
  });

  it('hands a large delivery to the flow in slices, the event loop turning between them', async () => {
    const out = await load();
    // A turn counter: each turn of the event loop's check phase moves it on once.
    let turn = 0;
    let counting = true;
    const count = (): void => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const turns: number[] = [];
    helper.getNode('out')?.on('input', () => turns.push(turn));
    try {
      const events = Array.from({ length: 1000 }, (_, i) => ({ log_id: `slice-${i}`, type: 's' }));
      const answer = await post(events.map((e) => JSON.stringify(e)).join('\n'));
      assert.equal(answer.status, 200);
      for (let waited = 0; waited < 5000 && out.messages.length < 1000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      counting = false;
    }
    assert.deepEqual(
      out.payloads().map((p) => p.log_id),
      Array.from({ length: 1000 }, (_, i) => `slice-${i}`),
    );
    // 1,000 events in slices of 64: at least 16 turns; all at once they would come in one or two.
    assert.ok(new Set(turns).size >= 16, `delivered in ${new Set(turns).size} turns`);
  });

  it('refuses an event nested deeper than Node-RED can copy (400), and sends nothing', async () => {
    const out = await load();
    const event = { log_id: 'deep-1', type: 's', details: nested(3000) };
    const answer = await post(JSON.stringify([EVENTS[0], event]));
    assert.equal(answer.status, 400);
    assert.match(answer.text, /item 2 is nested more than 200 levels deep/);
    await settle();
    assert.equal(out.messages.length, 0);
  });

  it('refuses a body nested two million levels deep from its bytes (400), without parsing it, and sends nothing', async () => {
    const out = await load();
    // Parsed, it took seconds (and answered that item 1 is not an object); its nesting shows in its bytes.
    const answer = await post('['.repeat(2_000_000) + ']'.repeat(2_000_000));
    assert.equal(answer.status, 400);
    assert.match(answer.text, /not an Auth0 log stream body: it is nested more than 200 levels deep/);
    await settle();
    assert.equal(out.messages.length, 0);
  });

  it('runs httpNodeMiddleware before it, as core http in does', async () => {
    const seen: string[] = [];
    const restore = useSettings({
      httpNodeMiddleware: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
        seen.push(String(req.url));
        if (req.headers['x-block'] === 'yes') {
          res.statusCode = 403;
          res.end('blocked by middleware');
          return;
        }
        next();
      },
    });
    try {
      const out = await load();
      assert.equal((await post(JSON.stringify(EVENTS[0]))).status, 200);
      const blocked = await request(`${server?.url}${PATH}`, { headers: { authorization: SECRET, 'x-block': 'yes' }, body: JSON.stringify(EVENTS[1]) });
      assert.equal(blocked.status, 403);
      await settle();
      assert.deepEqual(seen, [PATH, PATH]);
      assert.equal(out.messages.length, 1);
    } finally {
      restore();
    }
  });

  it('with no Authorization configured, refuses everything and says why', async () => {
    const out = await load(inNode(), {});
    assert.equal((await post(JSON.stringify(EVENTS[0]), '')).status, 401);
    assert.equal((await post(JSON.stringify(EVENTS[0]))).status, 401);
    await settle();
    assert.equal(out.messages.length, 0);
    const warnings = helper.log().args.map((args) => JSON.stringify(args[0]));
    assert.ok(
      warnings.some((w) => /no Authorization value is set/.test(w)),
      'no warning',
    );
    // The status says why too, before and after the refusals.
    const texts = statusCalls('stream-in').map((s) => s.text);
    assert.equal(texts[0], 'refuses all: set authorization');
    assert.equal(texts.pop(), 'refused 2: set authorization');
  });

  it('removes its route on close', async () => {
    await load();
    assert.equal((await post(JSON.stringify(EVENTS[0]))).status, 200);
    await helper.unload();
    const after = await post(JSON.stringify(EVENTS[1]));
    assert.equal(after.status, 404);
  });
});
