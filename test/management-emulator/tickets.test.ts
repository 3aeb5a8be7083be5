/**
 * auth0-tickets in Node-RED against the emulator: the ticket URLs work (e-mail verified,
 * password changed).
 */
import assert from 'node:assert/strict';
import { payloadOf, useHarness } from './harness';
import { PASSWORD, assertStatus, createUser, passwordLogin } from './fixtures';

describe('management nodes against the emulator: tickets', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates an e-mail verification ticket whose URL verifies the e-mail', async () => {
    const user = await createUser(h, { email_verified: false });
    const msg = await h.run('tickets', 'create_email_verification', { body: { user_id: user.user_id, result_url: 'http://localhost:3000/verified' } });
    assertStatus(msg, 'create_email_verification', 201);
    const ticket = String(payloadOf(msg).ticket);
    assert.ok(ticket.startsWith(`${h.emulator.url}/u/email-verification?ticket=`), ticket);

    const opened = await fetch(ticket, { redirect: 'manual' });
    assert.equal(opened.status, 302);
    assert.match(String(opened.headers.get('location')), /^http:\/\/localhost:3000\/verified\?success=true/);
    assert.equal(payloadOf(await h.run('users', 'get', { id: user.user_id })).email_verified, true);
  });

  it('creates a password change ticket whose URL changes the password', async () => {
    const user = await createUser(h);
    const msg = await h.run('tickets', 'create_pswd_change', { body: { user_id: user.user_id, ttl_sec: 600 } });
    assertStatus(msg, 'create_pswd_change', 201);
    const ticketUrl = new URL(String(payloadOf(msg).ticket));
    assert.equal(ticketUrl.pathname, '/lo/reset');

    const newPassword = 'An0ther-Str0ng-pass!';
    const changed = await fetch(`${h.emulator.url}/lo/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ticket: String(ticketUrl.searchParams.get('ticket')), newPassword }).toString(),
    });
    assert.equal(changed.status, 200);
    assert.equal((await passwordLogin(h.emulator, String(user.email), PASSWORD)).status, 403, 'the old password no longer works');
    assert.equal((await passwordLogin(h.emulator, String(user.email), newPassword)).status, 200);
  });

  it('sends a Catch node the 404 of a ticket for a user that does not exist', async () => {
    await h.gone('tickets', 'create_email_verification', { body: { user_id: 'auth0|nobody' } });
  });

  it('exercised every tickets operation', () => {
    h.assertAllExercised('tickets');
  });
});
