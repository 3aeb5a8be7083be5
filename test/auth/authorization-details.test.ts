/**
 * authorization_details (RFC 9396) on the form-encoded Authentication API endpoints: Auth0 reads the
 * field as a JSON array, so an array of one object keeps its brackets on the wire (auth0-backchannel),
 * and auth0-par takes it as an input of its own.
 */
import assert from 'node:assert/strict';
import { backchannelGroup } from '../../nodes/auth/backchannel.catalogue';
import { parGroup } from '../../nodes/auth/par.catalogue';
import type { GroupSpec } from '../../nodes/shared/catalogue';
import { resolveValues } from '../../nodes/engine/inputs';
import { buildRequest } from '../../nodes/engine/request';
import { encodeBody } from '../../nodes/tenant-client/request-body';

const DETAILS = [{ type: 'payment_initiation', instructedAmount: { currency: 'EUR', amount: '20.00' } }];

function wire(group: GroupSpec, opId: string, raw: Record<string, unknown>): URLSearchParams {
  const op = group.operations.find((o) => o.id === opId);
  assert.ok(op, opId);
  const encoded = encodeBody(buildRequest(group, op, resolveValues(op, raw)));
  assert.equal(encoded.contentType, 'application/x-www-form-urlencoded');
  return new URLSearchParams(String(encoded.data));
}

describe('authorization_details on the wire', () => {
  it('auth0-backchannel sends an array of one object as that JSON array, brackets kept', () => {
    for (const op of ['login', 'back_channel_login']) {
      const params = wire(backchannelGroup, op, {
        client_id: 'cid',
        client_secret: 'secret',
        binding_message: 'Pay 20',
        login_hint: { format: 'iss_sub', iss: 'https://t/', sub: 'auth0|1' },
        authorization_details: DETAILS,
      });
      assert.deepEqual(params.getAll('authorization_details'), [JSON.stringify(DETAILS)], op);
      assert.deepEqual(JSON.parse(params.get('authorization_details') ?? ''), DETAILS);
    }
  });

  it('auth0-backchannel takes it as JSON text too, and sends two objects as one array', () => {
    const two = [...DETAILS, { type: 'account_information' }];
    const params = wire(backchannelGroup, 'back_channel_login', {
      client_id: 'cid',
      client_secret: 'secret',
      binding_message: 'Pay 20',
      login_hint: { format: 'iss_sub', iss: 'https://t/', sub: 'auth0|1' },
      authorization_details: JSON.stringify(two),
    });
    assert.deepEqual(JSON.parse(params.get('authorization_details') ?? ''), two);
  });

  it('auth0-par has authorization_details as an input of its own, sent as a JSON array', () => {
    const op = parGroup.operations[0];
    assert.equal(op.inputs.find((i) => i.name === 'authorization_details')?.type, 'array');
    const params = wire(parGroup, 'pushed_authorization_request', {
      client_id: 'cid',
      client_secret: 'secret',
      redirect_uri: 'https://app/cb',
      authorization_details: DETAILS,
    });
    assert.deepEqual(params.getAll('authorization_details'), [JSON.stringify(DETAILS)]);
    assert.equal(params.get('redirect_uri'), 'https://app/cb');
  });

  it('still sends a list of strings as the field repeated', () => {
    const encoded = encodeBody({ contentType: 'form', body: { audience: ['https://a/', 'https://b/'] } });
    assert.deepEqual(new URLSearchParams(String(encoded.data)).getAll('audience'), ['https://a/', 'https://b/']);
  });
});
