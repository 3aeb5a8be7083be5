/**
 * Release stages shown to the user: a retired group (Rules, Hooks, rules configs: end of life
 * 2026-11-18) says so in its palette label, its palette tooltip (the help's first paragraph), the
 * help and the editor form, and logs one warning when deployed; an early-access operation says so
 * in the editor's select and description and in the help. Their requests stay as they were.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { actionsGroup } from '../../nodes/actions/actions.catalogue';
import { hooksGroup } from '../../nodes/extensibility/hooks.catalogue';
import { rulesConfigsGroup } from '../../nodes/extensibility/rules-configs.catalogue';
import { rulesGroup } from '../../nodes/extensibility/rules.catalogue';
import { refreshTokensGroup } from '../../nodes/sessions/refresh-tokens.catalogue';
import { endOfLifeWarning, lifecycleNote } from '../../nodes/engine/lifecycle';
import { editorCatalogue, helpHtml, paletteLabel } from '../../scripts/editor-html';
import { helper, nodeModules } from '../helpers/node-red';

const RETIRED = [rulesGroup, hooksGroup, rulesConfigsGroup];
const dist = path.resolve(__dirname, '..', '..');

describe('lifecycle: end of life and early access, shown', () => {
  it('rules, hooks and rules configs are end of life since 2026-11-18, pointing to Actions', () => {
    for (const group of RETIRED) {
      assert.deepEqual(group.endOfLife, { date: '2026-11-18', replacement: 'Actions (the auth0-actions node)' }, group.name);
      assert.equal(paletteLabel(group), `${group.paletteLabel} (end of life)`);
      const help = helpHtml(group);
      const firstParagraph = /<p>(.*?)<\/p>/.exec(help)?.[1] ?? '';
      assert.match(firstParagraph, /End of life since 2026-11-18/, `${group.name}: the palette tooltip says so`);
      assert.match(help, /deploy_and_bind/, `${group.name}: the help shows the way to Actions`);
      assert.match(String(editorCatalogue(group).endOfLife), /End of life since 2026-11-18.*auth0-actions/);
    }
    assert.equal(paletteLabel(actionsGroup), 'actions');
    assert.equal(endOfLifeWarning(actionsGroup), undefined);
  });

  it('the built node files carry the label and the tooltip', () => {
    const html = fs.readFileSync(path.join(dist, 'nodes', 'extensibility', 'auth0-rules.html'), 'utf8');
    assert.match(html, /paletteLabel: 'rules \(end of life\)'/);
    // The help (its first paragraph is the palette tooltip) is in the node's locale, as Node-RED expects.
    const help = fs.readFileSync(path.join(dist, 'nodes', 'extensibility', 'locales', 'en-US', 'auth0-rules.html'), 'utf8');
    assert.match(help, /data-help-name="auth0-rules">\s*<p><strong>End of life since 2026-11-18/);
  });

  it('early-access operations say so in the editor catalogue and the help', () => {
    const list = refreshTokensGroup.operations.find((op) => op.id === 'list')!;
    assert.equal(list.lifecycle, 'early-access');
    assert.match(lifecycleNote(list), /early access/);
    const editorOp = (editorCatalogue(refreshTokensGroup).operations as Array<Record<string, unknown>>).find((op) => op.id === 'list')!;
    assert.equal(editorOp.lifecycle, 'early access');
    assert.match(String(editorOp.lifecycleNote), /early access/);
    assert.match(helpHtml(refreshTokensGroup), /<code>list<\/code>: List a user's refresh tokens <em>\(early access\)<\/em>/);
    const modules = actionsGroup.operations.filter((op) => op.id.includes('module'));
    assert.equal(modules.length, 10);
    assert.ok(modules.every((op) => op.lifecycle === 'early-access'));
    const ga = (editorCatalogue(actionsGroup).operations as Array<Record<string, unknown>>).find((op) => op.id === 'get_actions')!;
    assert.equal(ga.lifecycle, '');
  });

  describe('deployed', function () {
    this.timeout(20000);
    before(async () => {
      await helper.startServer();
    });
    after(async () => {
      await helper.unload();
      await helper.stopServer();
    });

    it('a retired node type logs one warning when deployed, however many nodes it has; other nodes none', async () => {
      const flow = [
        { id: 'cfg', type: 'auth0-config', domain: '127.0.0.1:9', protocol: 'http' },
        { id: 'rules', type: 'auth0-rules', tenant: 'cfg', operation: 'all', version: 1, wires: [] },
        { id: 'rules-2', type: 'auth0-rules', tenant: 'cfg', operation: 'all', version: 1, wires: [] },
        { id: 'rules-3', type: 'auth0-rules', tenant: 'cfg', operation: 'all', version: 1, wires: [] },
        { id: 'hooks', type: 'auth0-hooks', tenant: 'cfg', operation: 'all', version: 1, wires: [] },
        { id: 'actions', type: 'auth0-actions', tenant: 'cfg', operation: 'get_actions', version: 1, wires: [] },
      ];
      await helper.load(nodeModules('extensibility/auth0-rules', 'extensibility/auth0-hooks', 'actions/auth0-actions'), flow, {
        cfg: { clientId: 'id', clientSecret: 'secret' },
      });
      const warnings = helper
        .log()
        .args.map((args) => args[0] as { level?: number; id?: string; type?: string; msg?: unknown })
        .filter((entry) => /End of life since 2026-11-18/.test(String(entry.msg)));
      assert.deepEqual(warnings.map((w) => w.type).sort(), ['auth0-hooks', 'auth0-rules'], 'one warning per retired node type');
      assert.ok(
        warnings.every((w) => w.level === 30),
        'logged as warnings',
      );
      assert.match(String(warnings[0].msg), /Use Actions \(the auth0-actions node\) instead/);
    });
  });
});
