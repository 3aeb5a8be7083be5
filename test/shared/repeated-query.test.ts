/**
 * Auth0's array query parameters (`grant_ids`, `strategy`, `hydrate`, `identifiers`) are read as
 * the key repeated: an input marked `repeat` in the catalogue is sent that way, whether the flow
 * gives an array or a comma-separated string; other list inputs stay comma-joined.
 */
import assert from 'node:assert/strict';
import { organizationsGroup } from '../../nodes/organizations/organizations.catalogue';
import { rolesGroup } from '../../nodes/roles/roles.catalogue';
import { usersGroup } from '../../nodes/users/users.catalogue';
import { resolveValues } from '../../nodes/engine/inputs';
import { buildRequest } from '../../nodes/engine/request';
import { createTenantClient } from '../../nodes/tenant-client/client';
import type { GroupSpec } from '../../nodes/shared/catalogue';
import { startRecorder, type Recorder } from '../helpers/recorder';

function requestOf(group: GroupSpec, opId: string, raw: Record<string, unknown>) {
  const op = group.operations.find((o) => o.id === opId);
  if (!op) throw new Error(`${group.name}.${opId} is not in the catalogue`);
  return buildRequest(group, op, resolveValues(op, raw));
}

describe('repeated query parameters', () => {
  let recorder: Recorder;
  before(async () => {
    recorder = await startRecorder(() => ({ body: [] }));
  });
  after(() => recorder.close());

  it('puts a repeat input in queryLists, from an array or a comma-separated string, and nowhere else', () => {
    for (const grantIds of [['cgr_1', 'cgr_2'], 'cgr_1,cgr_2']) {
      const spec = requestOf(organizationsGroup, 'get_client_grants', { id: 'org_1', grant_ids: grantIds });
      assert.deepEqual(spec.queryLists, { grant_ids: ['cgr_1', 'cgr_2'] });
      assert.equal(spec.query?.grant_ids, undefined);
    }
    assert.equal(requestOf(organizationsGroup, 'get_client_grants', { id: 'org_1' }).queryLists, undefined);
  });

  it('keeps other list inputs comma-joined (fields)', () => {
    const spec = requestOf(usersGroup, 'get', { id: 'auth0|1', fields: ['email', 'name'] });
    assert.equal(spec.query?.fields, 'email,name');
    assert.equal(spec.queryLists, undefined);
    assert.equal(requestOf(rolesGroup, 'list', {}).queryLists, undefined);
  });

  it('sends the key once per value on the wire', async () => {
    const client = createTenantClient({
      domain: recorder.domain,
      protocol: 'http',
      clientId: 'cid',
      clientSecret: 'secret',
      retries: 0,
      telemetry: false,
      connectTimeout: 5,
      readTimeout: 5,
    });
    try {
      await client.request(requestOf(organizationsGroup, 'get_client_grants', { id: 'org_1', grant_ids: 'cgr_1,cgr_2', page: 0 }));
    } finally {
      client.close();
    }
    const sent = recorder.apiRequests().at(-1);
    const params = new URLSearchParams(sent?.search ?? '');
    assert.deepEqual(params.getAll('grant_ids'), ['cgr_1', 'cgr_2']);
    assert.equal(params.get('page'), '0');
  });
});
