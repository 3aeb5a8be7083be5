/**
 * The Node-RED editor as a user drives it with the mouse: drag from the palette, open a node,
 * wire ports, deploy, press an inject button, read the debug sidebar.
 */
import type { Locator, Page } from 'playwright-core';

export class EditorPage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    // As long as navigation may take (editor-session.ts): the palette comes after the editor's
    // scripts and every node's .html, which take minutes on a loaded machine.
    const loading = { state: 'visible', timeout: 180_000 } as const;
    await this.page.locator('#red-ui-palette-container .red-ui-palette-node').first().waitFor(loading);
    await this.page.locator('#red-ui-workspace-chart').waitFor(loading);
    // Node-RED 4 may welcome a first-time user with a tour or an update-notification dialog.
    for (const close of ['.red-ui-tourGuide-shade-button', '#red-ui-update-notification-dismiss']) {
      const button = this.page.locator(close);
      if ((await button.count()) > 0 && (await button.first().isVisible())) await button.first().click();
    }
  }

  paletteNode(type: string): Locator {
    return this.page.locator(`#red-ui-palette-container .red-ui-palette-node[data-palette-type="${type}"]`);
  }

  /** Drags a node from the palette to a point of the workspace (relative to its top-left corner). */
  async dragFromPalette(type: string, x: number, y: number): Promise<Locator> {
    const before = await this.page.locator('#red-ui-workspace-chart g.red-ui-flow-node-group').count();
    const item = this.paletteNode(type);
    await item.scrollIntoViewIfNeeded();
    const from = await item.boundingBox();
    const chart = await this.page.locator('#red-ui-workspace-chart').boundingBox();
    if (!from || !chart) throw new Error(`palette node ${type} or the workspace is not visible`);
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 5, { steps: 5 });
    await this.page.mouse.move(chart.x + x, chart.y + y, { steps: 20 });
    await this.page.mouse.up();
    const added = this.page.locator('#red-ui-workspace-chart g.red-ui-flow-node-group').nth(before);
    await added.waitFor({ state: 'attached' });
    return added;
  }

  /**
   * Drags a wire from a node's output port to another node's input port, as a user would: a
   * drag that starts before the editor has settled may not take, so a user (and this) tries again.
   */
  async wire(from: Locator, to: Locator): Promise<void> {
    const before = await this.wireCount();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const out = await from.locator('.red-ui-flow-port-output .red-ui-flow-port').first().boundingBox();
      const inp = await to.locator('.red-ui-flow-port-input .red-ui-flow-port').first().boundingBox();
      if (!out || !inp) throw new Error('a port is not visible');
      await this.page.mouse.move(out.x + out.width / 2, out.y + out.height / 2, { steps: 5 });
      await this.page.mouse.down();
      await this.page.mouse.move(inp.x + inp.width / 2, inp.y + inp.height / 2, { steps: 20 });
      await this.page.mouse.up();
      try {
        await this.page.locator('#red-ui-workspace-chart path.red-ui-flow-link-line').nth(before).waitFor({ state: 'attached', timeout: 2000 });
        return;
      } catch {
        await this.page.keyboard.press('Escape');
      }
    }
    throw new Error('the wire could not be drawn');
  }

  async wireCount(): Promise<number> {
    return this.page.locator('#red-ui-workspace-chart path.red-ui-flow-link-line').count();
  }

  /**
   * Opens a workspace node's edit dialog (a double click, as a user does); an action node's form
   * is ready once its catalogue has arrived from the admin endpoint.
   */
  async edit(node: Locator): Promise<Locator> {
    await node.locator('.red-ui-flow-node').first().dblclick();
    const tray = this.page.locator('.red-ui-tray').last();
    await tray.locator('#node-dialog-ok').waitFor({ state: 'visible' });
    await this.formReady(tray);
    return tray;
  }

  /** Waits for a generic action form (if the tray has one) to have its operations and inputs. */
  async formReady(tray: Locator): Promise<void> {
    const params = tray.locator('.auth0-params');
    if ((await params.count()) > 0) await tray.locator('.auth0-params[data-auth0-ready]').waitFor({ state: 'attached' });
  }

  async label(node: Locator): Promise<string> {
    return (await node.locator('.red-ui-flow-node-label text').allTextContents()).join(' ').trim();
  }

  async deploy(): Promise<void> {
    await this.page.locator('#red-ui-header-button-deploy').click();
    // A first deploy of a flow with a config node may ask for confirmation; accept it.
    const confirm = this.page.locator('#red-ui-notification-dialog button.primary, .red-ui-notification button.primary');
    try {
      await confirm.first().click({ timeout: 1500 });
    } catch {
      // no confirmation asked
    }
    await this.page.locator('#red-ui-header-button-deploy.disabled').waitFor({ state: 'attached', timeout: 30000 });
  }

  async pressInject(node: Locator): Promise<void> {
    await node.locator('.red-ui-flow-node-button .red-ui-flow-node-button-button').first().click();
  }

  /** The button that adds a new config node for a property (Node-RED 4; Node-RED 3 calls it lookup). */
  addConfigButton(property: string): Locator {
    return this.page.locator(`#node-input-btn-${property}-add, #node-input-lookup-${property}`).first();
  }

  /**
   * Adds a tenant from the edited node's Tenant field: the config dialog filled in for `tenant`
   * (over http), named `name` when given; `beforeDone` runs before Done (a screenshot, say).
   * Returns when the dialog is closed.
   */
  async createTenant(tenant: { domain: string; clientId: string; clientSecret: string }, name?: string, beforeDone?: () => Promise<void>): Promise<void> {
    await this.addConfigButton('tenant').click();
    const tray = this.page.locator('.red-ui-tray').last();
    await tray.locator('#node-config-input-domain').waitFor({ state: 'visible' });
    await tray.locator('#node-config-input-domain').fill(tenant.domain);
    await tray.locator('#node-config-input-protocol').selectOption('http');
    await tray.locator('#node-config-input-clientId').fill(tenant.clientId);
    await tray.locator('#node-config-input-clientSecret').fill(tenant.clientSecret);
    if (name !== undefined) await tray.locator('#node-config-input-name').fill(name);
    await beforeDone?.();
    await this.page.locator('#node-config-dialog-ok').click();
    await this.page.locator('#node-config-dialog-ok').waitFor({ state: 'detached' });
  }

  /** Clicks the sidebar tab's button: a link button in Node-RED 3 and 4, a tab-bar button in Node-RED 5. */
  async openSidebar(tab: 'debug' | 'info' | 'help'): Promise<Locator> {
    const button = this.page.locator(`#red-ui-tab-${tab}-link-button, button[data-tab-id="${tab}"]`).first();
    // Node-RED 5's tab-bar button closes a tab that is already open: click only one that is not.
    if (!/\bselected\b/.test((await button.getAttribute('class')) ?? '')) await button.click();
    return this.page.locator('#red-ui-sidebar-content, .red-ui-sidebar-content');
  }

  debugMessages(): Locator {
    return this.page.locator('.red-ui-debug-content .red-ui-debug-msg');
  }
}
