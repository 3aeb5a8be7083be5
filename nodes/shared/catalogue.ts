/**
 * The operation catalogue: a declarative description of every operation a node offers.
 * One source of truth: the runtime builds requests from it, the build writes the editor
 * form and the help text from it.
 */

/** How an input's value is checked and coerced. */
export type InputType =
  | 'string'
  | 'number' // integer or float
  | 'integer'
  | 'boolean'
  | 'object' // a JSON object (dict)
  | 'array' // a JSON array
  | 'list' // a list of strings: an array, or a comma-separated string
  | 'file' // an upload: an array of objects, a JSON string or a Buffer
  | 'any';

/** Where an input goes in the request. `none`: used by the node itself, never sent. */
export type InputLocation = 'path' | 'query' | 'body' | 'header' | 'multipart' | 'none';

export interface InputSpec {
  /** The specification's name for the input; also the `msg.payload.<name>` it is read from. */
  name: string;
  in: InputLocation;
  type: InputType;
  required?: boolean;
  /** The specification's default; sent when the input is unset. */
  default?: string | number | boolean | readonly string[] | Record<string, unknown>;
  /** Name on the wire when it differs (`from_param` is sent as `from`). */
  wireName?: string;
  /** Allowed values. */
  enum?: readonly string[];
  /** Other names the input is also read from in `msg.payload` (`file_obj` also as `users`). */
  aliases?: readonly string[];
  /** One or two sentences for the help text and the editor hint. */
  description: string;
  /** A password, secret, OTP or token: never logged, never echoed in an error. */
  secret?: boolean;
  /**
   * Authentication API inputs that default to the config node's credentials
   * (`client_id` → clientId, `client_secret` → clientSecret).
   */
  fromConfig?: 'clientId' | 'clientSecret';
  /** For `body` inputs of type object: the input is the whole JSON body, not one field of it. */
  wholeBody?: boolean;
  /**
   * For `list` query inputs: sent as the key repeated (`strategy=a&strategy=b`), as Auth0 reads its
   * array query parameters, instead of one comma-joined value.
   */
  repeat?: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Auth0's release stage of an operation, shown in the editor and the help; generally available when
 * unset. `deprecated`: still served, with a replacement; `legacy`: still served but no longer in
 * Auth0's reference. (An operation Auth0 no longer serves at all has `deprecated` text instead.)
 */
export type Lifecycle = 'ga' | 'early-access' | 'beta' | 'deprecated' | 'legacy';

/** How a list operation pages, for "fetch all pages". */
export type PagingKind = 'page' | 'checkpoint';

export interface OperationSpec {
  /** The contract's operation id (`list`, `add_roles`, `get_organization_by_name`). */
  id: string;
  /** Short label for the editor's select and the node label. */
  label: string;
  /** Help text: what the operation does (HTML-safe plain text). */
  description: string;
  method: HttpMethod;
  /** Path template with `{input}` placeholders, each an input with `in: 'path'`. */
  path: string;
  inputs: readonly InputSpec[];
  /** Body encoding; json unless said. */
  contentType?: 'json' | 'form' | 'multipart';
  /** Which credential the request carries: the management token (default for management groups) or none. */
  auth?: 'management' | 'none';
  /** Scopes the management token needs. */
  scopes?: readonly string[];
  /** Set on operations the service no longer offers: the node fails with this text and sends nothing. */
  deprecated?: string;
  /** Auth0's release stage; generally available when unset. */
  lifecycle?: Lifecycle;
  /** What to use instead, for deprecated and legacy operations (help and editor). */
  replacement?: string;
  /** Sends `Auth0-Custom-Domain` when the config node names a custom domain. */
  customDomainHeader?: boolean;
  /** Paging styles the operation supports (for "fetch all pages"). */
  paging?: readonly PagingKind[];
  /** With include_totals, the key of the items array in the response object (`users`, `roles`, …). */
  itemsKey?: string;
  /** Editor option group. */
  group?: string;
  /** What `msg.payload` (and other message properties) hold afterwards, when more than the response body. */
  output?: string;
  /** How the response is read; json unless said. */
  response?: 'json' | 'text';
  /**
   * Name of a custom executor (see `executors.ts`) for operations that do more than one request
   * (import splitting, logout URL, authorize URL). The catalogue stays data; the code lives there.
   */
  executor?: string;
  /**
   * Body properties the edit form shows as rows besides the required ones, for those Auth0 needs
   * only in some cases its description cannot say (a database user's email and password).
   */
  bodyRows?: readonly string[];
}

export interface GroupSpec {
  /** Node type, `auth0-` + group name with `_` written `-`. */
  type: string;
  /** The specification's group name (`users`, `rules_configs`). */
  name: string;
  /** Palette label. */
  paletteLabel: string;
  api: 'management' | 'authentication';
  /** First help paragraph: the palette tooltip. */
  summary: string;
  /** Further help paragraphs (Details). */
  details?: readonly string[];
  /** Links for the help's References section. */
  references?: readonly { title: string; url: string }[];
  operations: readonly OperationSpec[];
  /**
   * A group Auth0 has retired (Rules and Hooks, 2026-11-18): the palette label, the help and a
   * warning in the log at deploy say so and point to the replacement.
   */
  endOfLife?: { date: string; replacement: string };
  /**
   * A node that runs every operation of its group on each message (the tenant snapshot's reads),
   * not one chosen in the editor or by msg.operation: the connection check lists them as such.
   */
  runsEveryOperation?: boolean;
}

/** Inputs shared by many list operations, written once. */
export const common = {
  page: (def?: number): InputSpec => ({
    name: 'page',
    in: 'query',
    type: 'integer',
    ...(def === undefined ? {} : { default: def }),
    description: 'Page index, zero based.',
  }),
  perPage: (def?: number): InputSpec => ({
    name: 'per_page',
    in: 'query',
    type: 'integer',
    ...(def === undefined ? {} : { default: def }),
    description: 'Results per page.',
  }),
  includeTotals: (def?: boolean): InputSpec => ({
    name: 'include_totals',
    in: 'query',
    type: 'boolean',
    ...(def === undefined ? {} : { default: def }),
    description: 'Return an object with the total count (true) or a plain array (false).',
  }),
  fields: (): InputSpec => ({
    name: 'fields',
    in: 'query',
    type: 'list',
    description: 'Fields to include or exclude (array or comma-separated); empty means all.',
  }),
  includeFields: (def?: boolean): InputSpec => ({
    name: 'include_fields',
    in: 'query',
    type: 'boolean',
    ...(def === undefined ? {} : { default: def }),
    description: 'Whether the listed fields are included (true) or excluded (false).',
  }),
  fromParam: (): InputSpec => ({
    name: 'from_param',
    wireName: 'from',
    in: 'query',
    type: 'string',
    description: 'Checkpoint: the id to start from.',
  }),
  take: (): InputSpec => ({
    name: 'take',
    in: 'query',
    type: 'integer',
    description: 'Checkpoint: how many to return (at most 100).',
  }),
  extraParams: (): InputSpec => ({
    name: 'extra_params',
    in: 'query',
    type: 'object',
    description: 'Further query parameters; the explicit inputs take precedence.',
  }),
  body: (description = 'The JSON body of the request.', required = true): InputSpec => ({
    name: 'body',
    in: 'body',
    type: 'object',
    wholeBody: true,
    required,
    description,
  }),
  id: (description = 'The id of the resource.', name = 'id'): InputSpec => ({
    name,
    in: 'path',
    type: 'string',
    required: true,
    description,
  }),
};
