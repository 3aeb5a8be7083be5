/**
 * The tenant dashboard (issue 30.5): `npm start` with FlowFuse Dashboard 2 installed (a dev
 * dependency) deploys dashboard/tenant-dashboard.json; in a real browser at /dashboard the charts,
 * the stats, the jobs table and the rate-limit gauge get their data. What the browser receives is
 * read from the dashboard's own socket (ECharts draws on a canvas), and a screenshot kept.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI (.ci/run installs it).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, requireChromium } from './editor-session';
import { root } from '../package/package-files';
import { waitUntil } from '../helpers/wait';
import { type StartedNpmStart, adminFlows, pressInject, startNpmStart } from '../helpers/npm-start';

type FlowNode = Record<string, unknown> & { id: string; type: string };

describe('the tenant dashboard in a real browser (npm start, FlowFuse Dashboard 2)', function () {
  this.timeout(300000);
  let started: StartedNpmStart | undefined;
  let browser: Browser | undefined;
  let page: Page;
  /** Per widget id, the payloads the browser received for it. */
  const received = new Map<string, unknown[]>();

  before(async function () {
    requireChromium(this);
    started = await startNpmStart('dashboard');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort()); // nothing leaves this machine
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        // socket.io: 42["msg-input:<widget id>", msg], and on load 42["widget-load:<widget id>", msg or [msg…], state]
        const match = /^42(\[.*\])$/s.exec(String(payload));
        if (!match) return;
        try {
          const [event, data] = JSON.parse(match[1]) as [string, unknown];
          const id = /^(?:msg-input|widget-load):(.+)$/.exec(event)?.[1];
          if (!id || data === null) return;
          const msgs = (Array.isArray(data) ? data : [data]) as { payload?: unknown }[];
          received.set(id, [...(received.get(id) ?? []), ...msgs.map((msg) => msg.payload)]);
        } catch {
          // not an event frame
        }
      });
    });
  });

  after(async () => {
    await browser?.close();
    await started?.stop();
  });

  it('says where the dashboard is, and loads FlowFuse Dashboard 2 with the flow', () => {
    const output = (started as StartedNpmStart).output();
    assert.match(output, /Dashboard \(FlowFuse Dashboard 2.*\): http:\/\/127\.0\.0\.1:\d+\/dashboard/);
    assert.match(output, /Node-RED Dashboard 2\.0 \(v[\d.]+\) started at \/dashboard/);
  });

  it('draws logins per minute, the daily stats, the active users, the jobs and the rate-limit headroom with data', async () => {
    const run = started as StartedNpmStart;
    const flows = (await adminFlows(run.url)) as FlowNode[];
    const widget = (type: string, label: string): string => {
      const found = flows.filter((n) => n.type === type && (n.label === label || n.title === label));
      assert.equal(found.length, 1, `one ${type} "${label}" deployed`);
      return found[0].id;
    };
    const logins = widget('ui-chart', 'Logins per minute');
    const daily = widget('ui-chart', 'Logins and sign-ups per day');
    const active = widget('ui-text', 'Active users (30 days)');
    const jobs = widget('ui-table', 'Jobs');
    const headroom = widget('ui-gauge', 'Rate-limit headroom');
    // Alerts from auth0-log-alert have a group of their own, waiting for its output.
    assert.equal(flows.filter((n) => n.type === 'ui-group' && n.name === 'Alerts (auth0-log-alert)').length, 1);
    assert.equal(flows.filter((n) => n.type === 'link in' && n.name === 'alerts').length, 1);

    await page.goto(`${run.url}/dashboard/tenant`);
    await page.locator('text=Logins per minute').first().waitFor({ state: 'visible', timeout: 60000 });
    // Two wrong passwords and one right one, as a user at the login page would.
    for (const password of ['wrong-1', 'wrong-2', 'Demo-passw0rd!']) await run.passwordLogin('ada@example.com', password);
    const exportInject = flows.find((n) => n.type === 'inject' && n.name === 'export every user') as FlowNode;
    await pressInject(run.url, exportInject.id);

    const points = (id: string): unknown[] => received.get(id) ?? [];
    await waitUntil(
      () =>
        points(logins).some((p) => typeof p === 'number' && p > 0) &&
        points(daily).some((p) => (Array.isArray(p) ? p : [p]).some((point) => typeof (point as { day?: unknown } | undefined)?.day === 'string')) &&
        points(active).some((p) => typeof p === 'number') &&
        points(jobs).some((p) => Array.isArray(p) && p.some((job) => (job as { status?: string }).status === 'completed')) &&
        points(headroom).some((p) => typeof p === 'number'),
      {
        what: () =>
          `the dashboard's widgets to get data: ${JSON.stringify(Object.fromEntries([...received].map(([id, list]) => [id, list.slice(-2)]))).slice(0, 1500)}`,
        timeout: 90_000,
        interval: 500,
      },
    );
    await page.waitForTimeout(1500); // the last points drawn
    fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(root, 'test-results', 'dashboard.png') });
    if (process.env.UPDATE_SCREENSHOTS === '1') await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'dashboard.png') });
    // The charts are drawn (ECharts' canvas), not empty placeholders.
    assert.ok((await page.locator('canvas').count()) >= 2, 'the charts are not drawn');
    assert.doesNotMatch(run.output(), /\[error\]/, 'Node-RED logged an error');
  });
});
