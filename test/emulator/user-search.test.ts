/** The emulator's user search matches as Auth0's does where flows depend on it. */
import assert from 'node:assert/strict';
import type { UserRecord } from '../../emulator/core/model';
import { compileUserQuery } from '../../emulator/management/users/user-search';

const user = (over: Partial<UserRecord>): UserRecord => ({ identities: [], ...over }) as unknown as UserRecord;

describe('emulator user search', () => {
  it('a quoted e-mail matches the whole address, ignoring case', () => {
    const matches = compileUserQuery('email:"bob@example.com"');
    assert.equal(matches(user({ email: 'bob@example.com' })), true);
    assert.equal(matches(user({ email: 'BOB@Example.com' })), true);
    assert.equal(matches(user({ email: 'jimbob@example.com' })), false);
  });

  it('keeps wildcards, boolean operators and metadata fields', () => {
    assert.equal(compileUserQuery('email:bob*')(user({ email: 'bobby@example.com' })), true);
    const both = compileUserQuery('app_metadata.plan:"pro" AND NOT blocked:true');
    assert.equal(both(user({ app_metadata: { plan: 'pro' } })), true);
    assert.equal(both(user({ app_metadata: { plan: 'professional' } })), false);
  });
});
