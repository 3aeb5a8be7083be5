/**
 * What an action node's edit dialog and help load when they open, instead of with every editor
 * page (the editor parses every installed node's HTML on each load):
 * - `GET /auth0/editor/<type>`: the group's catalogue as the form reads it (operations, inputs,
 *   each operation's body properties), JSON;
 * - `GET /auth0/editor/<type>/help`: the help after its first paragraphs (the palette tooltip), HTML.
 * Both behind `auth0.read` (with adminAuth, any signed-in editor user who may read, as Node-RED's
 * own read endpoints). The build writes the files (scripts/build.ts) into `data/` beside this module.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const EDITOR_DATA_DIR = path.join(__dirname, 'data');
export const EDITOR_DATA_PATH = '/auth0/editor';
export const EDITOR_DATA_PERMISSION = 'auth0.read';

const NODE_TYPE = /^auth0-[a-z0-9-]+$/;

interface Request {
  params: Record<string, string | undefined>;
}
interface Response {
  status(code: number): Response;
  type(contentType: string): Response;
  set(name: string, value: string): Response;
  send(body: string): void;
  json(body: unknown): void;
}

export interface EditorAdminApi {
  httpAdmin?: { get(path: string, ...handlers: unknown[]): void };
  auth?: { needsPermission(permission: string): unknown };
}

/** Registered once per admin app, however many action node modules Node-RED loads. */
const registered = new WeakSet<object>();

function sendFile(res: Response, type: string | undefined, suffix: string, contentType: string): void {
  const file = type !== undefined && NODE_TYPE.test(type) ? path.join(EDITOR_DATA_DIR, `${type}${suffix}`) : undefined;
  fs.readFile(file ?? '', 'utf8', (err, text) => {
    if (err) {
      res.status(404).json({ error: `no editor data for node type ${String(type).slice(0, 60)}` });
      return;
    }
    // The data changes only with the package: a dialog opened twice in one session asks once.
    res.status(200).type(contentType).set('Cache-Control', 'private, max-age=300').send(text);
  });
}

export function registerEditorDataRoute(RED: EditorAdminApi): void {
  const admin = RED.httpAdmin;
  const auth = RED.auth;
  if (!admin || !auth || registered.has(admin)) return;
  registered.add(admin);
  admin.get(`${EDITOR_DATA_PATH}/:type`, auth.needsPermission(EDITOR_DATA_PERMISSION), (req: Request, res: Response) =>
    sendFile(res, req.params.type, '.json', 'application/json'),
  );
  admin.get(`${EDITOR_DATA_PATH}/:type/help`, auth.needsPermission(EDITOR_DATA_PERMISSION), (req: Request, res: Response) =>
    sendFile(res, req.params.type, '.help.html', 'text/html'),
  );
}
