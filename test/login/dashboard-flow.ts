import assert from 'node:assert/strict';
import { send, type NodeRedProcess } from '../helpers/node-red-process';

/** A minimal FlowFuse Dashboard 2 (base, theme, one page at /dashboard/page1, one group), as the login suites deploy it, and the socket.io client's shape. */
export interface ClientSocket {
  on(event: 'connect', listener: () => void): void;
  on(event: 'connect_error', listener: (err: Error) => void): void;
  on(event: 'disconnect', listener: (reason: string) => void): void;
  close(): void;
}
export type SocketIoClient = (url: string, options: Record<string, unknown>) => ClientSocket;

export const DASHBOARD_FLOW = [
  { id: 'dash-tab', type: 'tab', label: 'Dashboard' },
  {
    id: 'dash-base',
    type: 'ui-base',
    name: 'UI',
    path: '/dashboard',
    includeClientData: true,
    acceptsClientConfig: ['ui-notification', 'ui-control'],
    showPathInSidebar: false,
    navigationStyle: 'default',
  },
  {
    id: 'dash-theme',
    type: 'ui-theme',
    name: 'Default',
    colors: { surface: '#ffffff', primary: '#0094CE', bgPage: '#eeeeee', groupBg: '#ffffff', groupOutline: '#cccccc' },
    sizes: { pagePadding: '12px', groupGap: '12px', groupBorderRadius: '4px', widgetGap: '12px' },
  },
  {
    id: 'dash-page',
    type: 'ui-page',
    name: 'Page',
    ui: 'dash-base',
    path: '/page1',
    layout: 'grid',
    theme: 'dash-theme',
    order: 1,
    visible: 'true',
    disabled: 'false',
  },
  {
    id: 'dash-group',
    type: 'ui-group',
    name: 'Group',
    page: 'dash-page',
    width: '6',
    height: '1',
    order: 1,
    showTitle: true,
    visible: 'true',
    disabled: 'false',
  },
];

/** Deploys `flow` (with a Dashboard 2 in it) and waits until the dashboard's socket.io server is up. */
export async function deployWithDashboard(nodeRed: NodeRedProcess, base: string, flow: unknown[]): Promise<void> {
  const deployed = await send('POST', `${base}/flows`, flow, { 'Node-RED-Deployment-Type': 'full' });
  assert.ok(deployed.status < 300, deployed.text);
  for (let i = 0; i < 100 && !/Created socket\.io server/.test(nodeRed.output()); i += 1) await new Promise((r) => setTimeout(r, 100));
  assert.match(nodeRed.output(), /Created socket\.io server/);
}
