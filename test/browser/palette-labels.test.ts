/**
 * Every palette label of the package fits Node-RED's palette in whole words (issue 30.4): Node-RED
 * breaks a word wider than its palette node (82 px) in the middle ("organization/s"), so each label
 * must wrap only between words. Measured where it is drawn: the editor, in Node-RED 4 and 5.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI (.ci/run installs it).
 */
import assert from 'node:assert/strict';
import type { RuntimeName } from '../package/node-red-runtimes';
import { useEditorSession } from './editor-session';

interface DrawnLabel {
  type: string;
  label: string;
  lines: string[];
}

for (const runtimeName of ['4', '5'] as RuntimeName[])
  describe(`palette labels in a real browser (Node-RED ${runtimeName})`, function () {
    this.timeout(300000);
    const session = useEditorSession(runtimeName);

    it('wraps every Auth0 node label between words, never inside one', async () => {
      const page = session.page;
      const drawn = await page.locator('#red-ui-palette-container .red-ui-palette-node[data-palette-type^="auth0-"]').evaluateAll((els) =>
        els.map((el) => ({
          type: el.getAttribute('data-palette-type') ?? '',
          label: el.getAttribute('data-palette-label') ?? '',
          lines: (el.querySelector('.red-ui-palette-label')?.innerHTML ?? '').split(/<br\s*\/?>/i).map((line: string) => line.replace(/&nbsp;/g, ' ').trim()),
        })),
      );
      assert.ok(drawn.length > 40, `only ${drawn.length} Auth0 nodes in the palette`);
      const broken: string[] = [];
      for (const { type, label, lines } of drawn as DrawnLabel[]) {
        // The words of the label as Node-RED splits them (spaces and hyphens); each line holds whole ones.
        const words = new Set(label.split(/[ -]+/).filter(Boolean));
        const pieces = lines.flatMap((line) => line.split(/[ -]+/).filter(Boolean));
        if (!pieces.every((piece) => words.has(piece))) broken.push(`${type}: "${label}" drawn as ${lines.map((l) => `"${l}"`).join(' / ')}`);
      }
      assert.deepEqual(broken, []);
    });
  });
