/**
 * Secrets never leak. Every node type of the package is deployed against a stand-in tenant that
 * repeats back everything it is sent (the Authorization header, the body) in every field of its
 * error answers; every operation of every action node is run with its secret inputs (passwords,
 * OTPs, codes, refresh tokens, client secrets, user tokens) set, and the tenant's own credentials
 * (a static token, a client secret, a fetched token) in play. None of those values may appear in
 * msg.error or anything else a Catch node gets (besides the flow's own msg.payload), a status, a log
 * line, a debug sidebar message, an error's message or stack, an output, or the saved flow file.
 * Every secret value carries the marker SECRET, so a partial echo is found too.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import type { GroupSpec, InputSpec, OperationSpec } from '../../nodes/shared/catalogue';
import { startEchoServer, type EchoServer } from './support/echo-server';
import { captureComms, logLines, type Msg, nodeCalls, safeText, sleep } from './support/runtime';
import { sampleValue } from './support/samples';
import { waitUntil } from '../helpers/wait';
import { actionGroups, coreNodes, type FlowNode, helper, modulesFor, nodeFiles, placed } from '../helpers/node-red';
import { logWatchNode } from '../logs/runtime';

const MARK = 'SECRET';
const TENANT_CLIENT_ID = 'tenant-client-id-0001';
const STATIC_TOKEN = `${MARK}-static-management-token-7f3a9c`;
const TENANT_SECRET = `${MARK}-tenant-client-secret-91bd2e`;
const TENANT_SECRET_2 = `${MARK}-second-tenant-client-secret-5d6e`;
const FETCHED_TOKEN = `${MARK}-fetched-management-token-4c1d`;
const STREAM_AUTHORIZATION = `${MARK}-log-stream-authorization-88aa`;
/** A user token given to auth0-verify-token: a JWT whose signature carries the marker. */
const USER_JWT = `eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImsxIn0.eyJzdWIiOiJ1c2VyMSIsImF1ZCI6Imh0dHBzOi8vYXBpIn0.${MARK}-user-jwt-signature-x1`;

const SECRET_BODY_KEYS = {
  password: `${MARK}-body-password`,
  client_secret: `${MARK}-body-client-secret`,
  refresh_token: `${MARK}-body-refresh-token`,
  otp: `${MARK}-body-otp`,
};

/** Where each node type lives: tab `tc` has a Catch node, tab `tn` has none (its errors go to the log). */
interface Placement {
  tab: 'tc' | 'tn';
  tenant: 'static' | 'fetched';
}
const PLACEMENTS: Placement[] = [
  { tab: 'tc', tenant: 'static' },
  { tab: 'tn', tenant: 'fetched' },
];

/** An input's value: secrets get a marked value; tenant-credential defaults are left to the tenant on even runs. */
function inputValue(group: GroupSpec, op: OperationSpec, input: InputSpec, useTenantDefaults: boolean): unknown {
  if (input.fromConfig && useTenantDefaults) return undefined;
  if (input.secret) return `${MARK}-${group.name}-${op.id}-${input.name}`;
  const value = sampleValue(input, op.id);
  if (input.wholeBody && typeof value === 'object' && value !== null) return { ...(value as Msg), ...SECRET_BODY_KEYS };
  return value;
}

function messagesFor(group: GroupSpec): Msg[] {
  const messages: Msg[] = [];
  for (const op of group.operations) {
    if (op.deprecated) continue;
    for (const useTenantDefaults of [true, false]) {
      if (useTenantDefaults && !op.inputs.some((i) => i.fromConfig)) continue;
      const payload: Msg = {};
      for (const input of op.inputs) {
        const value = inputValue(group, op, input, useTenantDefaults);
        if (value !== undefined) payload[input.name] = value;
      }
      messages.push({ operation: op.id, payload });
    }
  }
  return messages;
}

/** Every node type of the package, on both tabs, wired to collectors and debug nodes. */
function secretsFlow(domain: string): FlowNode[] {
  const flow: FlowNode[] = [
    { id: 'tc', type: 'tab', label: 'with catch' },
    { id: 'tn', type: 'tab', label: 'no catch' },
    { id: 'static', type: 'auth0-config', domain, protocol: 'http', retries: 0, timeout: 2, readTimeout: 2 },
    { id: 'fetched', type: 'auth0-config', domain, protocol: 'http', retries: 1, timeout: 2, readTimeout: 2 },
    { id: 'catch', type: 'catch', z: 'tc', scope: null, uncaught: false, wires: [['caught', 'dbg-error', 'dbg-auth0']] },
    { id: 'caught', type: 'helper', z: 'tc' },
    { id: 'dbg-error', type: 'debug', z: 'tc', active: true, tosidebar: true, console: true, complete: 'error' },
    { id: 'dbg-auth0', type: 'debug', z: 'tc', active: true, tosidebar: true, console: true, complete: 'auth0' },
  ];
  for (const { tab, tenant } of PLACEMENTS) {
    flow.push(
      { id: `out-${tab}`, type: 'helper', z: tab },
      { id: `dbg-out-${tab}`, type: 'debug', z: tab, active: true, tosidebar: true, console: true, complete: 'true' },
      { id: `invalid-${tab}`, type: 'helper', z: tab },
    );
    for (const { type } of actionGroups()) {
      flow.push({ id: `${type}-${tab}`, type, z: tab, tenant, operation: '', version: 1, wires: [[`out-${tab}`, `dbg-out-${tab}`]] });
    }
    flow.push(
      {
        id: `verify-${tab}`,
        type: 'auth0-verify-token',
        z: tab,
        tenant,
        audience: 'https://api',
        version: 1,
        wires: [[`out-${tab}`, `dbg-out-${tab}`], [`invalid-${tab}`]],
      },
      {
        id: `jobwatch-${tab}`,
        type: 'auth0-job-watch',
        z: tab,
        tenant,
        interval: 0.1,
        store: '',
        exportOutput: 'array',
        version: 1,
        wires: [[`out-${tab}`], [`out-${tab}`]],
      },
      logWatchNode({ id: `logwatch-${tab}`, z: tab, tenant, wires: [[`out-${tab}`]] }),
      { id: `streamwatch-${tab}`, type: 'auth0-log-stream-watch', z: tab, tenant, interval: 0.2, wires: [[`out-${tab}`]] },
      { id: `streamin-${tab}`, type: 'auth0-log-stream-in', z: tab, url: `/auth0-log-stream-${tab}`, wires: [[`out-${tab}`]] },
    );
  }
  return placed(flow);
}

function credentials(): Record<string, unknown> {
  return {
    static: { token: STATIC_TOKEN, clientId: TENANT_CLIENT_ID, clientSecret: TENANT_SECRET },
    fetched: { clientId: TENANT_CLIENT_ID, clientSecret: TENANT_SECRET_2 },
    'streamin-tc': { authorization: STREAM_AUTHORIZATION },
    'streamin-tn': { authorization: STREAM_AUTHORIZATION },
  };
}

/** Every place a leak could show, as text per source. */
function everythingVisible(comms: Msg[], outputs: Msg[], caught: Msg[], invalid: Msg[]): Record<string, string> {
  const withoutFlowInputs = (m: Msg): Msg => {
    const { payload: _payload, req: _req, ...rest } = m;
    return rest;
  };
  return {
    "a Catch node's message (msg.error, msg.auth0, …)": caught.map((m) => safeText(withoutFlowInputs(m))).join('\n'),
    'an output message': outputs.map((m) => safeText(m)).join('\n'),
    'an invalid-token output (besides msg.req)': invalid.map((m) => safeText(withoutFlowInputs(m))).join('\n'),
    'a node status': safeText(nodeCalls('status')),
    'a log line': logLines().join('\n'),
    // node.error(err, msg): the error itself (message, stack, properties); its msg is what Catch gets, checked above.
    'node.error (errors with stacks)': safeText(nodeCalls('error').map((call) => call.args[0])),
    'node.warn/log/debug/trace': safeText(
      [nodeCalls('warn'), nodeCalls('log'), nodeCalls('debug'), nodeCalls('trace')].map((calls) => calls.map((c) => c.args)),
    ),
    'the debug sidebar': safeText(comms),
  };
}

function assertNoSecret(visible: Record<string, string>): void {
  const leaks: string[] = [];
  for (const [where, text] of Object.entries(visible)) {
    let at = text.indexOf(MARK);
    if (at < 0) at = text.indexOf(USER_JWT.split('.')[2].slice(0, 12));
    if (at >= 0) leaks.push(`${where}: …${text.slice(Math.max(0, at - 160), at + 60)}…`);
  }
  assert.deepEqual(leaks, [], `secrets leaked:\n${leaks.join('\n\n')}`);
}

describe('reliability: secrets never leak', function () {
  this.timeout(90_000);
  let echo: EchoServer;

  before(async () => {
    echo = await startEchoServer({ tenantClientId: TENANT_CLIENT_ID, fetchedToken: FETCHED_TOKEN });
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
    await echo.close();
  });
  afterEach(async () => {
    await helper.unload();
  });

  const allModules = (): unknown[] => [...modulesFor(...Object.keys(nodeFiles())), ...coreNodes('25-catch.js', '21-debug.js')];

  for (const mode of ['fail', 'succeed'] as const) {
    it(`every operation of every node, the tenant ${mode === 'fail' ? 'echoing every request in its errors (and dropping some)' : 'answering success'}: no secret anywhere`, async () => {
      echo.mode = mode;
      const comms = captureComms();
      try {
        await helper.load(allModules(), secretsFlow(echo.domain), credentials());
        const outputs: Msg[] = [];
        const caught: Msg[] = [];
        const invalid: Msg[] = [];
        for (const { tab } of PLACEMENTS) {
          helper.getNode(`out-${tab}`)?.on('input', (m) => outputs.push(m));
          helper.getNode(`invalid-${tab}`)?.on('input', (m) => invalid.push(m));
        }
        helper.getNode('caught')?.on('input', (m) => caught.push(m));
        // Each message (by tab and seq) becomes an output, an invalid token, a caught error (tab tc)
        // or an error the runtime logs (tab tn, no Catch node there).
        const accounted = (): number => {
          const keys = new Set<string>();
          const add = (m: Msg | undefined, tab: string): void => {
            if (m && typeof m.seq === 'number' && m.tab === tab) keys.add(`${tab}:${m.seq}`);
          };
          for (const { tab } of PLACEMENTS) {
            for (const m of [...outputs, ...invalid, ...caught]) add(m, tab);
            for (const call of nodeCalls('error')) add(call.args[1] as Msg | undefined, tab);
          }
          return keys.size;
        };
        const sent = { tc: 0, tn: 0 };
        for (const { tab } of PLACEMENTS) {
          for (const { group, type } of actionGroups()) {
            for (const msg of messagesFor(group)) {
              helper.getNode(`${type}-${tab}`)?.receive({ ...msg, tab, seq: sent[tab]++ });
            }
          }
          helper.getNode(`verify-${tab}`)?.receive({ req: { headers: { authorization: `Bearer ${USER_JWT}` } }, payload: 'x', tab, seq: sent[tab]++ });
          // A watched job stays watched while its polls fail: its message is not counted.
          helper.getNode(`jobwatch-${tab}`)?.receive({ payload: 'job_echo0001' });
        }
        const total = sent.tc + sent.tn;
        await waitUntil(() => accounted() >= total, { what: () => `${accounted()} of ${total} messages accounted for`, timeout: 60_000 });
        await sleep(600); // the pollers' failures and statuses too
        assert.equal(accounted(), total);
        assert.ok(sent.tc > 150, `a message per operation (${sent.tc})`);
        if (mode === 'fail') {
          assert.ok(caught.filter((m) => m.tab === 'tc').length > 120, 'most operations failed on tab tc');
          assert.ok(
            echo.received.some((r) => r.path === '/oauth/token'),
            'the fetched token was fetched',
          );
          assert.ok(
            logLines().some((line) => /tn/.test(line)),
            'errors of the tab without Catch went to the log',
          );
        }
        // The places searched really hold something (a search of nothing would find no secret).
        assert.ok(comms.events.filter((e) => e.topic === 'debug').length > 100, 'debug sidebar messages were captured');
        assert.ok(nodeCalls('status').length > 50, 'statuses were captured');
        if (mode === 'fail') assert.ok(nodeCalls('error').length > 100 && logLines().length > 100, 'errors and log lines were captured');
        assertNoSecret(everythingVisible(comms.events, outputs, caught, invalid));
      } finally {
        comms.stop();
      }
    });
  }

  it('a secret cut by the 500-character clip of an error message is not left half in it', async () => {
    const secret = `${MARK}-clipped-password-value-0123456789`;
    let pad = 470;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const text = JSON.stringify({ statusCode: 400, error: 'Bad Request', message: `${'.'.repeat(pad++)} ${secret} is not allowed` });
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const domain = `127.0.0.1:${(server.address() as AddressInfo).port}`;
      await helper.load(
        [...modulesFor('auth0-users'), ...coreNodes('25-catch.js')],
        placed([
          { id: 'tc', type: 'tab', label: 'clip' },
          { id: 'static', type: 'auth0-config', domain, protocol: 'http', retries: 0 },
          { id: 'users', type: 'auth0-users', z: 'tc', tenant: 'static', operation: 'create', version: 1, wires: [[]] },
          { id: 'catch', type: 'catch', z: 'tc', scope: null, uncaught: false, wires: [['caught']] },
          { id: 'caught', type: 'helper', z: 'tc' },
        ]),
        { static: { token: STATIC_TOKEN } },
      );
      const caught: Msg[] = [];
      helper.getNode('caught')?.on('input', (m) => caught.push(m));
      for (let i = 0; i < 40; i++) {
        helper.getNode('users')?.receive({ payload: { body: { connection: 'c', email: 'a@example.com', password: secret } } });
      }
      await waitUntil(() => caught.length === 40, { what: () => `${caught.length} caught` });
      assertNoSecret({
        "a Catch node's message": caught.map((m) => safeText((m.error as Msg).message)).join('\n'),
        'a node status': safeText(nodeCalls('status')),
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('the saved flow holds no credential: they go to the credentials file', async () => {
    await helper.load(allModules(), [], {});
    const flow = secretsFlow(echo.domain).map((node) => {
      const creds = credentials()[node.id];
      return creds ? { ...node, credentials: creds } : node;
    });
    // As the editor deploys: credentials inline, taken out by the runtime before the flow is saved.
    await (helper as unknown as { setFlows(f: unknown[], type: string): Promise<void> }).setFlows(flow, 'full');
    const internals = helper as unknown as {
      _redNodes: { getFlows(): { flows: Msg[] }; getCredentials(id: string): Msg | undefined };
      credentials: { export(): Promise<Msg> };
    };
    const saved = internals._redNodes.getFlows().flows;
    assert.ok(saved.length >= flow.length);
    assert.ok(!safeText(saved).includes(MARK), 'a secret is in the flow file');
    for (const id of ['static', 'fetched', 'streamin-tc']) {
      assert.ok(!('credentials' in (saved.find((n) => n.id === id) ?? {})), `${id}: credentials left in the flow`);
    }
    assert.equal(internals._redNodes.getCredentials('static')?.token, STATIC_TOKEN, 'kept as a credential');
    assert.equal(internals._redNodes.getCredentials('fetched')?.clientSecret, TENANT_SECRET_2);
    assert.equal(internals._redNodes.getCredentials('streamin-tn')?.authorization, STREAM_AUTHORIZATION);
    const exported = await internals.credentials.export();
    assert.ok(Object.keys(exported).length > 0, 'the credentials file gets them');
  });

  it('no editor declares a secret as a flow property: secrets are password credentials, secret inputs never text', async () => {
    await helper.load(allModules(), [], {});
    const SECRETISH = /^(token|access_?token|refresh_?token|id_?token|client_?secret|secret|password|otp|authorization|api_?key|credentials)$/i;
    const htmlFiles = Object.values(nodeFiles()).map((file) => file.replace(/\.js$/, '.html'));
    const checked: string[] = [];
    for (const file of htmlFiles) {
      const html = fs.readFileSync(file, 'utf8');
      for (const script of html.matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)) {
        const ast = acorn.parse(script[1], { ecmaVersion: 2020 });
        walk.simple(ast, {
          CallExpression(node) {
            const callee = node.callee as acorn.MemberExpression;
            if (callee.type !== 'MemberExpression' || (callee.property as acorn.Identifier).name !== 'registerType') return;
            const [typeArg, defArg] = node.arguments as acorn.Expression[];
            if (typeArg?.type !== 'Literal' || defArg?.type !== 'ObjectExpression') return;
            const type = String(typeArg.value);
            const section = (name: string): string[] => {
              const prop = defArg.properties.find((p) => p.type === 'Property' && (p.key as acorn.Identifier).name === name) as acorn.Property | undefined;
              if (!prop || prop.value.type !== 'ObjectExpression') return [];
              return prop.value.properties.map((p) =>
                String(
                  (p as acorn.Property).key.type === 'Identifier'
                    ? ((p as acorn.Property).key as acorn.Identifier).name
                    : ((p as acorn.Property).key as acorn.Literal).value,
                ),
              );
            };
            const defaults = section('defaults');
            const secretDefaults = defaults.filter((name) => SECRETISH.test(name));
            assert.deepEqual(secretDefaults, [], `${path.basename(file)} (${type}): secret-like flow properties ${secretDefaults.join(', ')}`);
            checked.push(type);
          },
        });
      }
    }
    assert.equal(new Set(checked).size, Object.keys(nodeFiles()).length, "every node type's editor was read");
    // The runtime's own record of the credentials: secrets are of type password (never sent back to the editor).
    const registry = (helper as unknown as { _redNodes: { getCredentialDefinition(type: string): Record<string, { type: string }> | undefined } })._redNodes;
    assert.deepEqual(registry.getCredentialDefinition('auth0-config'), {
      token: { type: 'password' },
      clientId: { type: 'text' },
      clientSecret: { type: 'password' },
      privateKey: { type: 'password' },
      redisUrl: { type: 'password' },
    });
    assert.equal(registry.getCredentialDefinition('auth0-log-stream-in')?.authorization?.type, 'password');
    // The generated editors offer a secret input only msg, flow, global or env: never a literal saved in the flow.
    const editor = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'resources', 'auth0-editor.js'), 'utf8');
    assert.match(editor, /SECRET_SOURCES = \['msg', 'flow', 'global', 'env'\]/);
    assert.match(editor, /input\.secret \? SECRET_SOURCES\.slice\(\)/);
  });
});
