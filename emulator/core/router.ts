/**
 * A small path router: static segments and `:param` segments, matched
 * segment by segment on a trie (static before param), params URL-decoded.
 */
export interface RouteMatch<R> {
  route: R;
  params: Record<string, string>;
}

interface TrieNode<R> {
  statics: Map<string, TrieNode<R>>;
  param?: { name: string; node: TrieNode<R> };
  routes: Map<string, R>;
}

function newNode<R>(): TrieNode<R> {
  return { statics: new Map(), routes: new Map() };
}

export class BadPathError extends Error {}

export class Router<R> {
  private readonly root: TrieNode<R> = newNode();

  /** Adds a route; `pattern` like `/api/v2/users/:id/roles`. A duplicate method+pattern throws. */
  add(method: string, pattern: string, route: R): void {
    let node = this.root;
    for (const segment of splitPath(pattern)) {
      if (segment.startsWith(':')) {
        const name = segment.slice(1);
        if (!node.param) node.param = { name, node: newNode() };
        else if (node.param.name !== name) {
          throw new Error(`route ${pattern}: parameter :${name} conflicts with :${node.param.name}`);
        }
        node = node.param.node;
      } else {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      }
    }
    const upper = method.toUpperCase();
    if (node.routes.has(upper)) throw new Error(`route ${upper} ${pattern} is registered twice`);
    node.routes.set(upper, route);
  }

  /**
   * Finds the route for `method` and a raw (still encoded) path. Returns
   * undefined when nothing matches; throws BadPathError for undecodable params.
   */
  match(method: string, rawPath: string): RouteMatch<R> | undefined {
    const segments = splitPath(rawPath);
    const values: string[] = [];
    const names: string[] = [];
    const route = this.walk(this.root, segments, 0, method.toUpperCase(), names, values);
    if (!route) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < names.length; i++) {
      try {
        params[names[i]] = decodeURIComponent(values[i]);
      } catch {
        throw new BadPathError(`Invalid path parameter ${names[i]}`);
      }
    }
    return { route, params };
  }

  /** True when some method is registered for the path (for telling 404 from a wrong method). */
  hasPath(rawPath: string): boolean {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) if (this.match(method, rawPath)) return true;
    return false;
  }

  private walk(node: TrieNode<R>, segments: string[], index: number, method: string, names: string[], values: string[]): R | undefined {
    if (index === segments.length) return node.routes.get(method);
    const segment = segments[index];
    const staticNext = node.statics.get(segment);
    if (staticNext) {
      const found = this.walk(staticNext, segments, index + 1, method, names, values);
      if (found) return found;
    }
    if (node.param && segment !== '') {
      names.push(node.param.name);
      values.push(segment);
      const found = this.walk(node.param.node, segments, index + 1, method, names, values);
      if (found) return found;
      names.pop();
      values.pop();
    }
    return undefined;
  }
}

/** `/a/b/` → ['a', 'b']; a trailing slash is ignored, inner empty segments kept. */
function splitPath(path: string): string[] {
  let trimmed = path.startsWith('/') ? path.slice(1) : path;
  if (trimmed.endsWith('/')) trimmed = trimmed.slice(0, -1);
  return trimmed === '' ? [] : trimmed.split('/');
}
