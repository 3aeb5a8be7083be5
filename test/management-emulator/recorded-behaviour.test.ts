/**
 * What Auth0's recorded answers (../shared/reference/auth0-recordings) show about the nodes, tried
 * against the emulator that now answers the same way (issue 21): "fetch all pages" stops on
 * Auth0's real last pages (organization members send `next` on a full last page, whose next page
 * is empty; a user's refresh tokens send `next` on every page); a repeated delete is done, not an
 * error (Auth0 answers 204 for a user already deleted); Auth0's own error codes reach the flow.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, assertStatus, createUser, passwordLogin, unique } from './fixtures';

describe("management nodes against the emulator: Auth0's recorded behaviour", function () {
  this.timeout(60000);
  const h = useHarness();

  const pagingOf = (msg: Msg): Msg => (msg.auth0 as Msg & { paging: Msg }).paging;

  it('fetches all organization members when the last page is full and still names a next page', async () => {
    const org = payloadOf(await h.run('organizations', 'create_organization', { body: { name: unique('full-page') } }));
    const prefix = unique('fullpage');
    h.emulator.seed({ users: Array.from({ length: 100 }, (_, i) => ({ email: `${prefix}${i}@example.com`, password: PASSWORD })) });
    const members = [...h.emulator.state.users.values()].filter((u) => (u.email ?? '').startsWith(prefix)).map((u) => u.user_id);
    await h.run('organizations', 'create_organization_members', { id: org.id, body: { members } });

    // As Auth0 answers: a full page carries `next` even when nothing follows; the page after it is empty.
    const first = payloadOf(await h.run('organizations', 'all_organization_members', { id: org.id, take: 100 }));
    assert.equal(itemsOf(first, 'members').length, 100);
    assert.equal(typeof first.next, 'string');
    const after = payloadOf(await h.run('organizations', 'all_organization_members', { id: org.id, take: 100, from_param: first.next }));
    assert.deepEqual(itemsOf(after, 'members'), []);
    assert.equal(after.next, undefined);

    const all = await h.run('organizations', 'all_organization_members', { id: org.id }, 'all');
    assert.equal(new Set(itemsOf(payloadOf(all)).map((m) => m.user_id)).size, 100);
    assert.equal(pagingOf(all).pages, 2, 'one more request, for the empty page, then it stops');
  });

  it("fetches all of a user's refresh tokens although every page names a next one", async () => {
    const user = await createUser(h);
    for (let i = 0; i < 3; i++) await passwordLogin(h.emulator, String(user.email), PASSWORD, 'openid offline_access');
    const page = payloadOf(await h.run('users', 'get_refresh_tokens', { user_id: user.user_id, include_totals: true }));
    assert.equal(itemsOf(page, 'tokens').length, 3);
    assert.equal(typeof page.next, 'string', 'Auth0 names a next page even on the last one');
    assert.equal(page.total, 3);

    const all = await h.run('users', 'get_refresh_tokens', { user_id: user.user_id }, 'all');
    assert.equal(itemsOf(payloadOf(all)).length, 3);
    assert.equal(pagingOf(all).pages, 1, 'a short page is the last one');
  });

  it('deletes a user twice: the second delete is done too (Auth0 answers 204), so offboarding can be repeated', async () => {
    const user = await createUser(h);
    assertStatus(await h.run('users', 'delete', { id: user.user_id }), 'delete', 204);
    assertStatus(await h.run('users', 'delete', { id: user.user_id }), 'delete', 204);
    assert.equal((await h.gone('users', 'get', { id: user.user_id })).errorCode, 'inexistent_user');
  });

  it("hands Auth0's own error codes to the flow (HookDoesNotExist, enrollment_not_found)", async () => {
    assert.equal((await h.gone('hooks', 'get', { id: '01GQN0P3RMKFRVF4CN44G5FYKD' })).errorCode, 'HookDoesNotExist');
    assert.equal((await h.gone('guardian', 'get_enrollment', { id: 'totp|dev_missing' })).errorCode, 'enrollment_not_found');
  });
});
