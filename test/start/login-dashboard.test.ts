/**
 * `AUTH0_LOGIN=1 npm start` puts the tenant dashboard behind the package's Auth0 login (issue
 * 30.5), beside the editor and the /private pages, with the login's own application (its
 * variables no longer AUTH0_CLIENT_ID/SECRET, which are the examples' tenant now: issue 30.2).
 */
import assert from 'node:assert/strict';
import { type StartedNpmStart, startNpmStart } from '../helpers/npm-start';

describe('AUTH0_LOGIN=1 npm start: the dashboard behind the login', function () {
  this.timeout(240000);
  let started: StartedNpmStart | undefined;

  before(async () => {
    started = await startNpmStart('login-dashboard', { AUTH0_LOGIN: '1' });
  });

  after(async () => {
    await started?.stop();
  });

  it('sends a browser without a session from /dashboard to the login, with the login application', async () => {
    const run = started as StartedNpmStart;
    assert.match(run.output(), /Node-RED Dashboard 2\.0 \(v[\d.]+\) started at \/dashboard/);
    for (const page of ['/dashboard/tenant', '/private/who-am-i']) {
      const res = await fetch(`${run.url}${page}`, { redirect: 'manual', headers: { accept: 'text/html' } });
      assert.equal(res.status, 302, `${page} answered ${res.status}`);
      const location = new URL(String(res.headers.get('location')));
      assert.equal(location.pathname, '/authorize', `${page} went to ${location.href}`);
      assert.equal(location.searchParams.get('client_id'), 'node-red-editor-login');
    }
    // The examples still reach the tenant with the machine-to-machine application (deployed with the one-time token).
    assert.match(run.output(), /Example flows deployed/);
    assert.doesNotMatch(run.output(), /\[error\]/);
  });
});
