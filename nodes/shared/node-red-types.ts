/**
 * The slice of Node-RED's runtime API the nodes use. Written here rather than pulled from
 * @types/node-red so the package builds on the runtime's real behaviour across 3.1 to 5.x.
 */
export type NodeMessage = Record<string, unknown> & { _msgid?: string; payload?: unknown };

export interface NodeStatus {
  fill?: 'red' | 'green' | 'yellow' | 'blue' | 'grey';
  shape?: 'ring' | 'dot';
  text?: string;
}

export type SendFunction = (msg: NodeMessage | (NodeMessage | NodeMessage[] | null)[] | null) => void;
export type DoneFunction = (err?: Error) => void;

export interface ContextStore {
  get(key: string, store: string | undefined, callback: (err: Error | null, value: unknown) => void): void;
  set(key: string, value: unknown, store: string | undefined, callback: (err: Error | null) => void): void;
  keys?(store: string | undefined, callback: (err: Error | null, keys: string[]) => void): void;
}

export interface NodeContext extends ContextStore {
  flow: ContextStore;
  global: ContextStore;
}

export interface Node {
  id: string;
  type: string;
  name?: string;
  z?: string;
  credentials: Record<string, string | undefined>;
  on(event: 'input', handler: (msg: NodeMessage, send: SendFunction, done: DoneFunction) => void): void;
  on(event: 'close', handler: (removed: boolean, done: () => void) => void): void;
  on(event: string, handler: (...args: never[]) => void): void;
  send(msg: NodeMessage | (NodeMessage | NodeMessage[] | null)[] | null): void;
  status(status: NodeStatus | Record<string, never>): void;
  log(message: unknown): void;
  warn(message: unknown): void;
  error(message: unknown, msg?: NodeMessage): void;
  debug(message: unknown): void;
  context(): NodeContext;
}

export interface NodeDefinition {
  id: string;
  type: string;
  name?: string;
  z?: string;
  [key: string]: unknown;
}

export interface NodeRedAPI {
  /** The runtime's events (`flows:started` ends a deploy); absent in some test stand-ins. */
  events?: { on(event: string, listener: () => void): unknown };
  nodes: {
    createNode(node: object, config: NodeDefinition): void;
    registerType<T extends Node = Node>(
      type: string,
      constructor: (this: T, config: NodeDefinition) => void,
      options?: { credentials?: Record<string, { type: 'text' | 'password' }>; settings?: Record<string, unknown> },
    ): void;
    getNode(id: string): Node | null;
  };
  util: {
    evaluateNodeProperty(value: unknown, type: string, node: Node, msg: NodeMessage, callback: (err: Error | null, result: unknown) => void): void;
    cloneMessage<T>(msg: T): T;
  };
  httpNode?: {
    post(path: string, ...handlers: unknown[]): void;
    _router?: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  settings: Record<string, unknown> & { httpNodeRoot?: string };
  version?: () => string;
  log: { info(m: string): void; warn(m: string): void; debug(m: string): void; error(m: string): void };
  _: (key: string, substitutions?: Record<string, unknown>) => string;
}

/** A node module's export: Node-RED calls it with the runtime API. */
export type NodeModule = ((RED: NodeRedAPI) => void) & { group?: unknown };
