import assert from 'node:assert/strict';
import { common, type GroupSpec, type OperationSpec } from '../../nodes/shared/catalogue';
import type { MultipartBody } from '../../nodes/shared/http-types';
import { buildRequest, encodePathSegment } from '../../nodes/engine/request';

const op = (over: Partial<OperationSpec>): OperationSpec => ({
  id: 'op',
  label: 'l',
  description: 'd',
  method: 'GET',
  path: '/api/v2/things',
  inputs: [],
  ...over,
});
const group = (ops: OperationSpec[], api: GroupSpec['api'] = 'management'): GroupSpec => ({
  type: 'auth0-things',
  name: 'things',
  paletteLabel: 'things',
  api,
  summary: 's',
  operations: ops,
});

describe('request builder', () => {
  it('encodes awkward ids so they never change the path', () => {
    const get = op({ path: '/api/v2/users/{id}', inputs: [common.id()] });
    const cases: [string, string][] = [
      ['auth0|abc', '/api/v2/users/auth0%7Cabc'],
      ['a/b', '/api/v2/users/a%2Fb'],
      ['a?b#c', '/api/v2/users/a%3Fb%23c'],
      ['with space', '/api/v2/users/with%20space'],
      ['100%', '/api/v2/users/100%25'],
      ['..', '/api/v2/users/%2E%2E'],
      ['.', '/api/v2/users/%2E'],
      ['../../oauth/token', '/api/v2/users/..%2F..%2Foauth%2Ftoken'],
    ];
    for (const [id, path] of cases) assert.equal(buildRequest(group([get]), get, { id }).path, path, id);
    assert.equal(encodePathSegment('a.b'), 'a.b');
  });

  it('serialises the query as Auth0 expects and leaves unset inputs out', () => {
    const list = op({
      inputs: [common.page(), common.perPage(), common.includeTotals(), common.fields(), common.includeFields(), common.fromParam(), common.take()],
    });
    const spec = buildRequest(group([list]), list, {
      page: 0,
      per_page: 25,
      include_totals: false,
      fields: ['a', 'b'],
      include_fields: true,
      from_param: 'log_1',
      take: 10,
    });
    assert.deepEqual(spec.query, { page: '0', per_page: '25', include_totals: 'false', fields: 'a,b', include_fields: 'true', from: 'log_1', take: '10' });
    assert.equal(buildRequest(group([list]), list, {}).query, undefined);
    assert.equal(buildRequest(group([list]), list, { fields: [] }).query, undefined);
  });

  it('lets explicit inputs win over extra_params', () => {
    const list = op({ inputs: [common.page(), common.extraParams()] });
    const spec = buildRequest(group([list]), list, { page: 2, extra_params: { page: 9, strategy: 'auth0', flag: true } });
    assert.deepEqual(spec.query, { page: '2', strategy: 'auth0', flag: 'true' });
  });

  it('sends a whole body, named body fields, or both merged', () => {
    const create = op({ method: 'POST', inputs: [common.body()] });
    assert.deepEqual(buildRequest(group([create]), create, { body: { a: 1 } }).body, { a: 1 });
    assert.equal(buildRequest(group([create]), create, { body: { a: 1 } }).contentType, 'json');
    const fields = op({
      method: 'POST',
      inputs: [
        { name: 'roles', in: 'body', type: 'list', description: 'r' },
        { name: 'from_x', wireName: 'x', in: 'body', type: 'string', description: 'x' },
      ],
    });
    assert.deepEqual(buildRequest(group([fields]), fields, { roles: ['r1'], from_x: 'v' }).body, { roles: ['r1'], x: 'v' });
    const list = op({ method: 'DELETE', inputs: [{ ...common.body(), type: 'array' }] });
    assert.deepEqual(buildRequest(group([list]), list, { body: ['a'] }).body, ['a']);
    const get = op({});
    assert.equal(buildRequest(group([get]), get, {}).body, undefined);
  });

  it('builds multipart uploads with the file as a part', () => {
    const upload = op({
      method: 'POST',
      contentType: 'multipart',
      inputs: [
        { name: 'file_obj', wireName: 'users', in: 'multipart', type: 'file', description: 'f' },
        { name: 'upsert', in: 'multipart', type: 'boolean', description: 'u' },
      ],
    });
    const spec = buildRequest(group([upload]), upload, { file_obj: [{ email: 'a@b.c' }], upsert: false });
    const body = spec.body as MultipartBody;
    assert.equal(spec.contentType, 'multipart');
    assert.deepEqual(body.fields, { upsert: 'false' });
    assert.equal(body.files[0].field, 'users');
    assert.deepEqual(JSON.parse(body.files[0].data.toString('utf8')), [{ email: 'a@b.c' }]);
  });

  it('adds the custom-domain header only where the operation takes it, and picks the credential', () => {
    const withHeader = op({ customDomainHeader: true });
    const without = op({});
    assert.deepEqual(buildRequest(group([withHeader]), withHeader, {}, { customDomain: 'login.example.com' }).headers, {
      'Auth0-Custom-Domain': 'login.example.com',
    });
    assert.equal(buildRequest(group([without]), without, {}, { customDomain: 'login.example.com' }).headers, undefined);
    assert.equal(buildRequest(group([without]), without, {}).auth, 'management');
    assert.equal(buildRequest(group([without], 'authentication'), without, {}).auth, 'none');
    assert.equal(buildRequest(group([without]), without, {}).operation, 'things.op');
  });
});
