/**
 * Writes an action node's .html from its catalogue: the registerType call (a literal, as the
 * Flow Library's parser needs), the catalogue the generic editor form reads and the form
 * template; and apart from it the help text (Inputs, Outputs, Details, References), which goes
 * into locales/en-US/<type>.html as Node-RED expects of translatable help.
 */
import type { GroupSpec, InputSpec, OperationSpec } from '../nodes/shared/catalogue';
import { ACTION_NODE_VERSION } from '../nodes/engine/action-node-migration';
import { endOfLifeNote, lifecycleLabel, lifecycleNote } from '../nodes/engine/lifecycle';
import type { PaletteArea } from './palette';
import { descriptionHelp } from './description-help';
import { bodySchemaFor, type JsonSchema, secretBodyProperties } from '../nodes/descriptions/descriptions';

export const NODE_COLOR = '#F0A58F';
export const EDITOR_SCRIPT = 'resources/@idflow/node-red-auth0/auth0-editor.js';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function typeLabel(input: InputSpec): string {
  switch (input.type) {
    case 'list':
      return 'array | string';
    case 'file':
      return 'array | string | Buffer';
    case 'integer':
      return 'number';
    default:
      return input.type;
  }
}

/** One body property as the edit form shows it (resources/auth0-editor.js). */
export interface BodyFormProperty {
  name: string;
  /** string, number, integer, boolean, object, array, or any (several types). */
  type: string;
  required: boolean;
  /** Shown as a row without being required (e.g. a database user's email and password). */
  row: boolean;
  description: string;
  format?: string;
  enum?: string[];
  /** For an object (or an array of objects): its fields, named in the row's hint. */
  fields?: string[];
  /** Is or holds a secret (nodes/shared/secret-names.ts): set from msg, flow, global or env, never as text in the flow. */
  secret?: boolean;
}

function schemaType(schema: JsonSchema): string {
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter((t) => t !== 'null');
  return types.length === 1 ? types[0] : 'any';
}

/**
 * The body properties of an operation's request schema, required ones first, as the form shows
 * them; `secrets`: the properties that carry a secret (descriptions' secretBodyProperties).
 */
export function bodyFormProperties(schema: JsonSchema | undefined, rows: readonly string[] = [], secrets: ReadonlySet<string> = new Set()): BodyFormProperty[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties).map(([name, property]): BodyFormProperty => {
    const nested = property.properties ?? property.items?.properties;
    const values = property.enum?.filter((value) => value !== null).map(String);
    return {
      name,
      type: schemaType(property),
      required: required.has(name),
      row: rows.includes(name),
      description: property.description ?? '',
      ...(property.format ? { format: property.format } : {}),
      ...(values && values.length > 0 ? { enum: values } : {}),
      ...(nested && Object.keys(nested).length > 0 ? { fields: Object.keys(nested) } : {}),
      ...(secrets.has(name) ? { secret: true } : {}),
    };
  });
  const rank = (p: BodyFormProperty): number => (p.required ? 0 : p.row ? 1 : 2);
  return properties.sort((a, b) => rank(a) - rank(b) || (a.row && b.row ? rows.indexOf(a.name) - rows.indexOf(b.name) : a.name.localeCompare(b.name)));
}

/** What the editor form needs of the catalogue (no executors, no references). */
export function editorCatalogue(group: GroupSpec): Record<string, unknown> {
  return {
    type: group.type,
    paletteLabel: group.paletteLabel,
    api: group.api,
    endOfLife: endOfLifeNote(group),
    operations: group.operations.map((op) => ({
      id: op.id,
      label: op.label,
      group: op.group ?? '',
      description: op.description,
      method: op.method,
      path: op.path,
      paging: op.paging ?? [],
      deprecated: op.deprecated ?? '',
      lifecycle: lifecycleLabel(op.lifecycle),
      lifecycleNote: lifecycleNote(op),
      scopes: op.scopes ?? [],
      // The body check's switch shows only where a JSON body is sent.
      checksBody: (op.contentType ?? 'json') === 'json' && op.inputs.some((input) => input.in === 'body'),
      body: op.inputs.some((input) => input.wholeBody)
        ? { properties: bodyFormProperties(bodySchemaFor(group.type, op.id), op.bodyRows, secretBodyProperties(group.type, op.id)) }
        : undefined,
      inputs: op.inputs.map((input) => ({
        name: input.name,
        type: input.type,
        required: Boolean(input.required),
        default: input.default,
        enum: input.enum,
        description: input.description,
        secret: Boolean(input.secret),
        wholeBody: Boolean(input.wholeBody),
        fromConfig: input.fromConfig,
      })),
    })),
  };
}

function inputHelp(input: InputSpec): string {
  const notes: string[] = [];
  if (input.default !== undefined) notes.push(`Default <code>${escapeHtml(JSON.stringify(input.default))}</code>.`);
  if (input.enum) notes.push(`One of ${input.enum.map((v) => `<code>${escapeHtml(v)}</code>`).join(', ')}.`);
  if (input.fromConfig) notes.push("Defaults to the tenant's credential.");
  if (input.secret) notes.push('A secret: set it from msg, flow, global or env, never as text in the flow.');
  const cls = input.required ? '' : ' class="optional"';
  return `    <dt${cls}>${escapeHtml(input.name)} <span class="property-type">${typeLabel(input)}</span></dt>\n    <dd>${escapeHtml(input.description)} ${notes.join(' ')}</dd>`;
}

function operationHelp(group: GroupSpec, op: OperationSpec): string {
  const stage = lifecycleLabel(op.lifecycle);
  const lines = [`<h4><code>${escapeHtml(op.id)}</code>: ${escapeHtml(op.label)}${stage ? ` <em>(${escapeHtml(stage)})</em>` : ''}</h4>`];
  const meta = [`<code>${op.method} ${escapeHtml(op.path)}</code>`];
  if (op.scopes && op.scopes.length > 0) meta.push(`scopes ${op.scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}`);
  if (op.paging && op.paging.length > 0) meta.push(`pages (${op.paging.join(', ')})`);
  if (op.deprecated) {
    lines.push(`<p>${escapeHtml(op.description)} No longer offered: ${escapeHtml(op.deprecated)}.</p>`);
    return lines.join('\n');
  }
  lines.push(`<p>${escapeHtml(op.description)} ${group.api === 'management' || op.executor === undefined ? meta.join('; ') + '.' : ''}</p>`);
  const note = lifecycleNote(op);
  if (note) lines.push(`<p><strong>${escapeHtml(note)}</strong></p>`);
  if (op.inputs.length > 0) lines.push(`<dl class="message-properties">\n${op.inputs.map(inputHelp).join('\n')}\n</dl>`);
  const described = descriptionHelp(group, op);
  if (described) lines.push(described);
  if (op.output) lines.push(`<p>Output: ${escapeHtml(op.output)}</p>`);
  return lines.join('\n');
}

/** The Details paragraph of a retired group: what still works, and the way to its replacement. */
function endOfLifeHelp(group: GroupSpec): string {
  const eol = group.endOfLife;
  if (!eol) return '';
  return `<p>Auth0 retired this feature on ${escapeHtml(eol.date)}; use ${escapeHtml(eol.replacement)} instead. Every operation still sends the same request as before, so a flow can read, export or clean up what a tenant still holds; the node logs one warning when it is deployed.</p>`;
}

/** The palette label: a retired group's says so. */
export function paletteLabel(group: GroupSpec): string {
  return group.endOfLife ? `${group.paletteLabel} (end of life)` : group.paletteLabel;
}

export function helpHtml(group: GroupSpec): string {
  const pagingOps = group.operations.filter((op) => (op.paging ?? []).length > 0);
  const parts = [
    // The first paragraph is the palette tooltip: a retired group says so there first.
    ...(group.endOfLife ? [`<p><strong>${escapeHtml(endOfLifeNote(group))}</strong></p>`] : []),
    `<p>${escapeHtml(group.summary)}</p>`,
    '<h3>Inputs</h3>',
    '<dl class="message-properties">',
    '    <dt class="optional">operation <span class="property-type">string</span></dt>',
    '    <dd>The operation id, used when the node\'s Operation is "set by msg.operation".</dd>',
    '    <dt class="optional">payload <span class="property-type">object</span></dt>',
    '    <dd>Every input not set in the editor is read from <code>msg.payload.&lt;input name&gt;</code>; a request body is the input <code>body</code>. The inputs of each operation are listed under Operations below.</dd>',
    '</dl>',
    '<h3>Outputs</h3>',
    '<dl class="message-properties">',
    '    <dt>payload <span class="property-type">object | array | string</span></dt>',
    '    <dd>The response body, parsed from JSON.</dd>',
    '    <dt>auth0 <span class="property-type">object</span></dt>',
    '    <dd><code>operation</code>, <code>statusCode</code> and <code>rateLimit</code> (<code>limit</code>, <code>remaining</code>, <code>reset</code>)' +
      (pagingOps.length > 0 ? '; with "fetch all pages", <code>paging</code> (pages, items, truncated)' : '') +
      '.</dd>',
    '</dl>',
    '<h3>Details</h3>',
    ...(group.endOfLife ? [endOfLifeHelp(group)] : []),
    ...(group.details ?? []).map((p) => `<p>${escapeHtml(p)}</p>`),
    '<p>A failure goes to Catch nodes; <code>msg.auth0</code> then holds <code>statusCode</code>, <code>errorCode</code> and <code>error</code>. A missing or malformed input fails before any request, naming the input.</p>',
  ];
  if (group.api === 'management') {
    parts.push(
      "<p>The tenant's management token is fetched, cached and renewed by the <code>auth0-config</code> node; rate limits are waited out for every node of the tenant together.</p>",
    );
  }
  if (pagingOps.length > 0) {
    parts.push(
      "<p>List operations can fetch all pages, as one array or as one message per item (with <code>msg.parts</code> for a join node). Page paging stops at Auth0's 1,000-result limit; checkpoint paging (<code>from</code>/<code>take</code>) has none.</p>",
    );
  }
  parts.push('<h3>Operations</h3>');
  for (const op of group.operations) parts.push(operationHelp(group, op));
  if (group.references && group.references.length > 0) {
    parts.push(
      '<h3>References</h3>',
      '<ul>',
      ...group.references.map((r) => `    <li><a href="${escapeHtml(r.url)}">${escapeHtml(r.title)}</a></li>`),
      '</ul>',
    );
  }
  return parts.join('\n');
}

function formHtml(group: GroupSpec): string {
  return [
    '<div class="form-row">',
    '    <label for="node-input-tenant"><i class="fa fa-server"></i> <span data-i18n="auth0-action.label.tenant"></span></label>',
    '    <input type="text" id="node-input-tenant">',
    '</div>',
    '<div class="form-row">',
    '    <label for="node-input-operation"><i class="fa fa-tasks"></i> <span data-i18n="auth0-action.label.operation"></span></label>',
    `    <select id="node-input-operation" style="width: 70%;" data-auth0-group="${group.type}"></select>`,
    '</div>',
    '<div class="form-row auth0-operation-help"><label></label><div class="auth0-operation-text" style="display:inline-block; width:70%;"></div></div>',
    '<div class="auth0-params"></div>',
    '<div class="auth0-body"></div>',
    '<div class="form-row auth0-paging-row">',
    '    <label for="node-input-paging"><i class="fa fa-files-o"></i> <span data-i18n="auth0-action.label.paging"></span></label>',
    '    <select id="node-input-paging" style="width: 35%;">',
    '        <option value="off" data-i18n="auth0-action.paging.off"></option>',
    '        <option value="all" data-i18n="auth0-action.paging.all"></option>',
    '    </select>',
    '    <select id="node-input-pagingOutput" style="width: 34%;">',
    '        <option value="array" data-i18n="auth0-action.paging.array"></option>',
    '        <option value="items" data-i18n="auth0-action.paging.items"></option>',
    '    </select>',
    '</div>',
    '<div class="form-row auth0-checkbody-row">',
    '    <label for="node-input-checkBody"><i class="fa fa-check-square-o"></i> <span data-i18n="auth0-action.label.checkBody"></span></label>',
    '    <input type="checkbox" id="node-input-checkBody" style="display: inline-block; width: auto; vertical-align: top;">',
    '    <span data-i18n="auth0-action.label.checkBodyHint"></span>',
    '</div>',
    '<div class="form-row">',
    '    <label for="node-input-name"><i class="fa fa-tag"></i> <span data-i18n="node-red:common.label.name"></span></label>',
    '    <input type="text" id="node-input-name" data-i18n="[placeholder]node-red:common.label.name">',
    '</div>',
  ].join('\n');
}

export function actionNodeHtml(group: GroupSpec, area: PaletteArea): string {
  const firstOp = group.operations.find((op) => !op.deprecated) ?? group.operations[0];
  // Only what the palette and the workspace need: the catalogue the form reads comes from the
  // admin endpoint (nodes/editor/editor-data-route.ts) when a dialog opens.
  // The form's script is fetched once for every Auth0 node, without holding up the editor's load:
  // a src attribute would be fetched once per node type, and Node-RED waits for each.
  return `<script type="text/javascript">
    window.Auth0EditorLoading = window.Auth0EditorLoading ||
        $.ajax({ url: (RED.settings.apiRootUrl || '') + '${EDITOR_SCRIPT}', dataType: 'script', cache: true });
    RED.nodes.registerType('${group.type}', {
        category: '${area.category}',
        color: '${NODE_COLOR}',
        defaults: {
            name: { value: '' },
            tenant: { value: '', type: 'auth0-config', required: true },
            operation: { value: '${firstOp.id}' },
            params: { value: {} },
            bodyProperties: { value: {} },
            paging: { value: 'off' },
            pagingOutput: { value: 'array' },
            checkBody: { value: true },
            version: { value: ${ACTION_NODE_VERSION} }
        },
        inputs: 1,
        outputs: 1,
        icon: '${area.icon}',
        paletteLabel: '${paletteLabel(group)}',
        label: function () {
            return this.name || '${group.paletteLabel}: ' + (this.operation || 'msg.operation');
        },
        labelStyle: function () {
            return this.name ? 'node_label_italic' : '';
        },
        oneditprepare: function () {
            var node = this;
            window.Auth0EditorLoading.then(function () {
                window.Auth0Editor.prepare(node, '${group.type}');
            });
        },
        oneditsave: function () {
            if (window.Auth0Editor) window.Auth0Editor.save(this, '${group.type}');
        }
    });
</script>

<script type="text/html" data-template-name="${group.type}">
${formHtml(group)}
</script>
`;
}

/**
 * A help split in two: the first paragraphs (the palette tooltip) stay in the HTML every editor
 * load parses; the rest (Inputs, Outputs, Details, Operations, References) is served by the admin
 * endpoint and shown in place of a placeholder when a help view opens (resources/auth0-editor.js).
 * `help` is the help's inner HTML.
 */
export function splitHelp(type: string, help: string): { stub: string; rest: string } {
  const at = help.indexOf('<h3>');
  if (at === -1) return { stub: help, rest: '' };
  const placeholder = `<div class="auth0-help-more" data-auth0-help="${type}"><p>Loading the help…</p></div>`;
  return { stub: `${help.slice(0, at)}${placeholder}\n`, rest: help.slice(at) };
}

/** A help file's `<script data-help-name>` wrapper around its inner HTML. */
export function helpScript(type: string, inner: string): string {
  return `<script type="text/html" data-help-name="${type}">\n${inner.trim()}\n</script>\n`;
}

/** The inner HTML of a help file (`locales/en-US/<type>.html`), without its script wrapper. */
export function helpInner(file: string): string {
  const match = /<script type="text\/html" data-help-name="[^"]+">([\s\S]*)<\/script>/.exec(file);
  return match ? match[1] : file;
}

/** The node's whole help (the build splits it: see splitHelp). */
export function actionNodeHelp(group: GroupSpec): string {
  return helpScript(group.type, helpHtml(group));
}
