/** export_users: the body Auth0 expects, from a whole body and/or the separate inputs. */
import assert from 'node:assert/strict';
import { exportBody, exportFields } from '../../nodes/jobs/export-executor';
import { jobsGroup } from '../../nodes/jobs/jobs.catalogue';
import { resolveValues } from '../../nodes/engine/inputs';

const op = jobsGroup.operations.find((o) => o.id === 'export_users')!;
const body = (raw: Record<string, unknown>): Record<string, unknown> => exportBody(resolveValues(op, raw));

describe('jobs export_users: the request body', () => {
  it("builds it from the separate inputs, field names becoming Auth0's field objects", () => {
    assert.deepEqual(body({ connection_id: 'con_1', format: 'csv', fields: 'email, user_metadata.plan', limit: '500' }), {
      connection_id: 'con_1',
      format: 'csv',
      limit: 500,
      fields: [{ name: 'email' }, { name: 'user_metadata.plan' }],
    });
    assert.deepEqual(body({ fields: ['email', { name: 'user_id', export_as: 'id' }] }), { fields: [{ name: 'email' }, { name: 'user_id', export_as: 'id' }] });
    assert.deepEqual(body({ fields: '[{"name":"email","export_as":"mail"}]' }), { fields: [{ name: 'email', export_as: 'mail' }] });
  });

  it('takes a whole body, the separate inputs winning over its keys; nothing at all exports every user', () => {
    assert.deepEqual(body({ body: { connection_id: 'con_1', format: 'json', fields: ['email'] }, format: 'csv' }), {
      connection_id: 'con_1',
      format: 'csv',
      fields: [{ name: 'email' }],
    });
    assert.deepEqual(body({}), {});
  });

  it('refuses what Auth0 would refuse, naming the input', () => {
    const refused = (raw: Record<string, unknown>, input: string): void => {
      assert.throws(
        () => body(raw),
        (err: Error & { input?: string }) => err.name === 'InputError' && err.input === input,
        JSON.stringify(raw),
      );
    };
    refused({ format: 'xml' }, 'format');
    refused({ body: { format: 'xml' } }, 'format');
    refused({ limit: 0 }, 'limit');
    refused({ body: { limit: 2.5 } }, 'limit');
    refused({ fields: [] }, 'fields');
    refused({ fields: [{ export_as: 'x' }] }, 'fields');
    refused({ fields: [{ name: 'email', extra: true }] }, 'fields');
    refused({ fields: [42] }, 'fields');
    assert.throws(() => exportFields('[not json'), /not valid JSON/);
  });
});
