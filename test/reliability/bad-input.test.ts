/**
 * Bad input, table-driven over every operation of every catalogue (management and
 * authentication): each required input missing or empty, each input of the wrong type, blank or
 * absurdly large, gives an error naming the input before any request (the stand-in tenant must see
 * nothing, not even a token request). Ids with `/`, `..`, `?`, `#`, `%` stay inside their one path
 * segment; query values stay one value; and no message property can move a request to another
 * host, protocol or token.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GroupSpec, InputSpec, OperationSpec } from '../../nodes/shared/catalogue';
import { startEchoServer, type EchoServer } from './support/echo-server';
import { catchNodes, type Msg, TAB, Tally } from './support/runtime';
import { badValues, type BadValue, validInputs } from './support/samples';
import { actionGroups, coreNodes, type FlowNode, helper, modulesFor, placed } from '../helpers/node-red';

const TENANT_CLIENT_ID = 'bad-input-tenant-client';
const FETCHED_TOKEN = 'bad-input-fetched-token-value';
const STATIC_TOKEN = 'bad-input-static-token-value';

/** Management groups use a tenant with client credentials (a token fetch would show); authentication groups one with none (so client_id has no default). */
function flow(domain: string): FlowNode[] {
  const nodes: FlowNode[] = [
    TAB,
    { id: 'cfg-management', type: 'auth0-config', domain, protocol: 'http', retries: 0, timeout: 2, readTimeout: 2 },
    { id: 'cfg-authentication', type: 'auth0-config', domain, protocol: 'http', retries: 0, timeout: 2, readTimeout: 2 },
    { id: 'out', type: 'helper', z: 'tab' },
    ...catchNodes(),
  ];
  for (const { group, type } of actionGroups()) {
    nodes.push({ id: type, type, z: 'tab', tenant: `cfg-${group.api}`, operation: '', version: 1, wires: [['out']] });
  }
  return placed(nodes);
}

const credentials = { 'cfg-management': { clientId: TENANT_CLIENT_ID, clientSecret: 'bad-input-secret' }, 'cfg-authentication': { token: STATIC_TOKEN } };

interface Case {
  group: GroupSpec;
  type: string;
  op: OperationSpec;
  input: InputSpec;
  bad: BadValue;
}

/** Every (operation, input, bad value) of every catalogue. */
function badCases(): Case[] {
  const cases: Case[] = [];
  for (const { group, type } of actionGroups()) {
    for (const op of group.operations) {
      if (op.deprecated) continue;
      for (const input of op.inputs) {
        for (const bad of badValues(input)) cases.push({ group, type, op, input, bad });
      }
    }
  }
  return cases;
}

function payloadFor(c: Case): Msg {
  const payload = validInputs(c.op);
  if (c.bad.value === undefined) delete payload[c.input.name];
  else payload[c.input.name] = c.bad.value;
  return payload;
}

/** Sends each message to its node and waits until every one came out or was caught. */
async function runAll(messages: { node: string; msg: Msg }[]): Promise<Tally> {
  const tally = new Tally().attach(['out']);
  messages.forEach(({ node, msg }, seq) => helper.getNode(node)?.receive({ ...msg, seq }));
  await tally.settle(messages.length, 60_000);
  tally.assertEachOnce(messages.length);
  return tally;
}

describe('reliability: bad input, over every operation of every catalogue', function () {
  this.timeout(90_000);
  let echo: EchoServer;
  let evil: { domain: string; hits: string[]; close(): Promise<void> };

  before(async () => {
    echo = await startEchoServer({ tenantClientId: TENANT_CLIENT_ID, fetchedToken: FETCHED_TOKEN });
    echo.mode = 'succeed';
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    evil = { domain: `127.0.0.1:${(server.address() as AddressInfo).port}`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
    await echo.close();
    await evil.close();
  });
  beforeEach(async () => {
    echo.received.length = 0;
    await helper.load([...modulesFor(...actionGroups().map((g) => g.type)), ...coreNodes('25-catch.js')], flow(echo.domain), credentials);
  });
  afterEach(async () => {
    await helper.unload();
  });

  it('each input missing, empty, blank, of the wrong type or absurdly large: an error naming it, before any request', async function () {
    const cases = badCases();
    const tally = await runAll(cases.map((c) => ({ node: c.type, msg: { operation: c.op.id, payload: payloadFor(c) } })));
    const problems: string[] = [];
    const caught = new Map(tally.caught.map((m) => [Number(m.seq), m]));
    cases.forEach((c, seq) => {
      const where = `${c.group.name}.${c.op.id} ${c.input.name} ${c.bad.kind} (${JSON.stringify(c.bad.value)?.slice(0, 30)})`;
      const msg = caught.get(seq);
      if (!msg) {
        problems.push(`${where}: accepted`);
        return;
      }
      const message = String((msg.error as Msg).message).slice(0, 300);
      const input = (msg.auth0 as Msg | undefined)?.input;
      if (input !== c.input.name) problems.push(`${where}: msg.auth0.input is ${String(input)}: ${message}`);
      else if (!message.includes(`"${c.input.name}"`)) problems.push(`${where}: the message does not name it: ${message}`);
      else if (!c.bad.says.test(message)) problems.push(`${where}: unexpected message: ${message}`);
    });
    assert.deepEqual(problems, [], `${problems.length} of ${cases.length} bad inputs not refused as they should be:\n${problems.join('\n')}`);
    assert.deepEqual(
      echo.received.map((r) => `${r.method} ${r.url}`),
      [],
      'nothing was sent, not even a token request',
    );
    const kinds = new Map<string, number>();
    for (const c of cases) kinds.set(c.bad.kind, (kinds.get(c.bad.kind) ?? 0) + 1);
    assert.ok(cases.length > 1000, `${cases.length} cases`);
    this.test!.title += ` [${cases.length} cases over ${new Set(cases.map((c) => `${c.group.name}.${c.op.id}`)).size} operations: ${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}]`;
  });

  it('a deprecated or unknown operation fails naming "operation", before any request', async () => {
    const messages: { node: string; msg: Msg }[] = [];
    for (const { group, type } of actionGroups()) {
      for (const op of group.operations.filter((o) => o.deprecated)) messages.push({ node: type, msg: { operation: op.id, payload: validInputs(op) } });
      messages.push({ node: type, msg: { operation: 'no_such_operation', payload: {} } });
      messages.push({ node: type, msg: { payload: {} } });
    }
    const tally = await runAll(messages);
    assert.equal(tally.outputs.length, 0);
    for (const msg of tally.caught) assert.equal((msg.auth0 as Msg).input, 'operation', String((msg.error as Msg).message));
    assert.equal(echo.received.length, 0);
  });

  it('ids with /, .., ?, #, % (and more) stay inside their one path segment', async () => {
    const nasty = [
      'a/b',
      '..',
      '.',
      '../../oauth/token',
      '../..',
      'x?per_page=100',
      'x#fragment',
      '%2F',
      '%2e%2e',
      '100%',
      'a b',
      'auth0|5f1c',
      'ü/é',
      '\\..\\x',
      'x;y=1',
    ];
    const ops = actionGroups().flatMap(({ group, type }) =>
      group.operations.filter((o) => !o.deprecated && o.inputs.some((i) => i.in === 'path')).map((op) => ({ group, type, op })),
    );
    /** Whether a raw path is `op`'s template with every placeholder segment decoding to `value`. */
    const fits = (op: OperationSpec, path: string, value: string): boolean => {
      const template = op.path.split('/');
      const sent = path.split('/');
      return (
        sent.length === template.length &&
        template.every((segment, i) =>
          /^\{.+\}$/.test(segment) ? decodeURIComponent(sent[i]) === value && !/[/?#\\]|^\.{1,2}$/.test(sent[i]) : sent[i] === segment,
        )
      );
    };
    const problems: string[] = [];
    let requests = 0;
    for (const value of nasty) {
      const before = echo.received.length;
      const messages = ops.map(({ type, op }) => {
        const payload = validInputs(op);
        for (const input of op.inputs.filter((i) => i.in === 'path')) payload[input.name] = value;
        return { node: type, msg: { operation: op.id, payload } };
      });
      const tally = await runAll(messages);
      const sent = echo.received.slice(before).filter((r) => r.path !== '/oauth/token');
      requests += sent.length;
      ops.forEach(({ group, op }, seq) => {
        const failure = tally.caught.find((m) => m.seq === seq);
        // An input check (an enum, an id prefix) refused it before any request: nothing can move.
        if (failure && (failure.auth0 as Msg).input !== undefined) return;
        if (!sent.some((r) => r.method === op.method && fits(op, r.path, value))) {
          problems.push(`${group.name}.${op.id} ${JSON.stringify(value)}: no ${op.method} ${op.path} with the id in its one segment`);
        }
      });
      for (const request of sent) {
        if (!ops.some(({ op }) => op.method === request.method && fits(op, request.path, value)))
          problems.push(`${JSON.stringify(value)}: ${request.method} ${request.url} fits no operation's path`);
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(requests > 1000, `${requests} requests with awkward ids`);
  });

  it('a query value with &, =, #, ? stays one value of its own parameter', async () => {
    const value = 'x&per_page=1000&page=7#frag?include_totals=true';
    const problems: string[] = [];
    const messages: { node: string; msg: Msg; op: OperationSpec; input: InputSpec }[] = [];
    for (const { group, type } of actionGroups()) {
      for (const op of group.operations.filter((o) => !o.deprecated && !o.executor)) {
        for (const input of op.inputs.filter((i) => i.in === 'query' && i.type === 'string' && !i.enum)) {
          messages.push({ node: type, msg: { operation: op.id, payload: { ...validInputs(op), [input.name]: value } }, op, input });
          void group;
        }
      }
    }
    for (const m of messages) {
      const before = echo.received.length;
      const tally = new Tally().attach(['out']);
      helper.getNode(m.node)?.receive({ ...m.msg, seq: 0 });
      await tally.settle(1);
      const request = echo.received.slice(before).find((r) => r.path !== '/oauth/token');
      if (!request) {
        problems.push(`${m.op.id} ${m.input.name}: nothing sent`);
        continue;
      }
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      if (query.get(m.input.wireName ?? m.input.name) !== value) problems.push(`${m.op.id} ${m.input.name}: sent as ${request.url}`);
      if (request.url.includes('#')) problems.push(`${m.op.id} ${m.input.name}: a raw # in ${request.url}`);
    }
    assert.deepEqual(problems, []);
    assert.ok(messages.length > 20, `${messages.length} query inputs tried`);
  });

  it('no message property, nor a payload input named like one, moves a request to another host, protocol or token', async () => {
    const elsewhere = `http://${evil.domain}`;
    const hijack: Msg = {
      url: `${elsewhere}/api/v2/users`,
      host: evil.domain,
      hostname: '127.0.0.1',
      port: Number(evil.domain.split(':')[1]),
      protocol: 'https:',
      domain: evil.domain,
      baseURL: elsewhere,
      baseUrl: elsewhere,
      method: 'DELETE',
      headers: { host: evil.domain, authorization: 'Bearer stolen-token', 'x-forwarded-host': evil.domain },
      token: 'stolen-token',
      access_token: 'stolen-token',
      requestOptions: { baseURL: elsewhere, proxy: { host: '127.0.0.1', port: Number(evil.domain.split(':')[1]) } },
      auth0: { domain: evil.domain, token: 'stolen-token', baseUrl: elsewhere },
      tenant: 'cfg-authentication',
    };
    const messages: { node: string; msg: Msg }[] = [];
    for (const { group, type } of actionGroups()) {
      for (const op of group.operations.filter((o) => !o.deprecated)) {
        const inputs = validInputs(op);
        const payload: Msg = { ...hijack, ...inputs };
        messages.push({ node: type, msg: { ...hijack, operation: op.id, payload } });
        void group;
      }
    }
    const tally = await runAll(messages);
    assert.deepEqual(evil.hits, [], 'a request went to another host');
    assert.ok(echo.received.length > 150, `${echo.received.length} requests reached the tenant`);
    for (const request of echo.received) {
      assert.equal(request.headers.host, echo.domain, `${request.method} ${request.url}: Host`);
      const authorization = request.headers.authorization;
      assert.ok(
        authorization === undefined ||
          authorization === `Bearer ${FETCHED_TOKEN}` ||
          /^Bearer sample (access_token|mfa_token|logout_token)$/.test(String(authorization)),
        `${request.method} ${request.url}: Authorization ${String(authorization)}`,
      );
      assert.ok(!JSON.stringify(request.headers).includes('stolen-token'), `${request.method} ${request.url}: a message's token was sent`);
      assert.ok(!request.headers['x-forwarded-host'], 'a message header was sent');
    }
    // Operations that answer a URL (authorize, logout) build it on the tenant too.
    for (const msg of tally.outputs) {
      const url = typeof msg.payload === 'string' ? msg.payload : typeof (msg.payload as Msg)?.url === 'string' ? String((msg.payload as Msg).url) : undefined;
      if (url && /^[a-z]+:\/\//i.test(url)) assert.equal(new URL(url).host, echo.domain, url);
    }
  });
});
