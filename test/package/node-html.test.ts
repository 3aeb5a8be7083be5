/**
 * The scorecard reader itself: it must see what the Flow Library's parser sees, and flag what it flags.
 */
import assert from 'node:assert/strict';
import { helpOutline, i18nKeys, namedBlock, parseNodeHtml, rendererKeys } from './node-html';

const good = `<script type="text/javascript" src="resources/x/editor.js"></script>
<script type="application/json" data-x="1">{"registerType": "not code"}</script>
<script type="text/javascript">
    RED.nodes.registerType('auth0-thing', {
        category: 'Auth0', color: '#F0A58F', icon: 'auth0.svg', inputs: 1, outputs: 2,
        paletteLabel: 'thing',
        defaults: { name: { value: '' }, version: { value: 1 } },
        credentials: { secret: { type: 'password' } },
        label: function () { return this.name || 'thing'; }
    });
</script>
<script type="text/html" data-template-name="auth0-thing"><div class="form-row"><span data-i18n="[placeholder]auth0-thing.label.name;auth0-thing.tip"></span></div></script>
<script type="text/html" data-help-name="auth0-thing">
<p>Does a thing.</p>
<h3>Inputs</h3><h3>Outputs</h3><h3>Details</h3>
</script>`;

describe('scorecard reader', () => {
  it('reads the type, literals and inline objects of a registerType call, and only from text/javascript blocks', () => {
    const parsed = parseNodeHtml(good);
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.definitions.length, 1);
    const [def] = parsed.definitions;
    assert.equal(def.type, 'auth0-thing');
    assert.deepEqual(def.literals, { category: 'Auth0', color: '#F0A58F', icon: 'auth0.svg', inputs: 1, outputs: 2, paletteLabel: 'thing' });
    assert.deepEqual(def.defaults, ['name', 'version']);
    assert.deepEqual(def.credentials, ['secret']);
  });

  it('flags a non-literal type, a definition that is not an object literal, and computed literals', () => {
    const html = `<script type="text/javascript">
      var t = 'x'; var def = {};
      RED.nodes.registerType(t, { category: 'a' });
      RED.nodes.registerType('b', def);
      RED.nodes.registerType('c', { category: CATEGORY, color: '#' + 'fff', inputs: 1, outputs: n, defaults: DEFAULTS });
    </script>`;
    const parsed = parseNodeHtml(html);
    assert.equal(parsed.problems.length, 6, parsed.problems.join('\n'));
    assert.match(parsed.problems[0], /non-literal/);
    assert.match(parsed.problems[1], /^b: non-objectexpression/);
    assert.deepEqual(
      parsed.problems.slice(2).map((p) => /^c: (\w+)-not-inline/.exec(p)?.[1]),
      ['category', 'color', 'outputs', 'defaults'],
    );
  });

  it('reports a script that does not parse', () => {
    assert.match(parseNodeHtml('<script type="text/javascript">RED.nodes.registerType(\'a\', {</script>').problems[0], /parse error/);
  });

  it('finds the template and help blocks and the help outline', () => {
    assert.ok(namedBlock(good, 'template', 'auth0-thing'));
    assert.equal(namedBlock(good, 'template', 'auth0-other'), undefined);
    const help = namedBlock(good, 'help', 'auth0-thing');
    assert.ok(help);
    assert.deepEqual(helpOutline(help.body), { first: 'p', firstText: 'Does a thing.', headings: ['Inputs', 'Outputs', 'Details'] });
    assert.equal(helpOutline('<h3>Inputs</h3><p>late</p>').first, 'h3');
  });

  it('collects data-i18n keys, with attribute prefixes and several keys, and _() calls', () => {
    assert.deepEqual(i18nKeys(good + " this._('auth0-thing.outputs.valid')").sort(), [
      'auth0-thing.label.name',
      'auth0-thing.outputs.valid',
      'auth0-thing.tip',
    ]);
  });

  it("collects the keys a shared renderer of the editor script reads from the node's own catalogue, only for the renderers the .html calls", () => {
    const script = [
      '  window.Auth0Editor = {',
      '    rows: function (node, place) {',
      '      var text = ownText(node);',
      "      $('<span>').text(text('label.output'));",
      "      $('<span>').text('not a key');",
      "      formRow(text( 'label.ack' ), 'fa-check');",
      '    },',
      '',
      '    other: function (node) {',
      "      return text('label.other');",
      '    },',
      '  };',
    ].join('\n');
    assert.deepEqual(rendererKeys(script, "window.Auth0Editor.rows(node, '#place');", 'auth0-thing').sort(), [
      'auth0-thing.label.ack',
      'auth0-thing.label.output',
    ]);
    assert.deepEqual(rendererKeys(script, '<div></div>', 'auth0-thing'), []);
  });
});
