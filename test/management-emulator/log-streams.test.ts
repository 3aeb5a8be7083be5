/**
 * auth0-log-streams in Node-RED against the emulator: CRUD of an HTTP stream, pausing it.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, assertSuccess, unique } from './fixtures';

describe('management nodes against the emulator: log streams', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a stream, reads it back, pauses it, deletes it, then reads 404', async () => {
    const name = unique('siem-');
    const created = await h.run('log_streams', 'create', {
      body: {
        name,
        type: 'http',
        sink: {
          httpEndpoint: 'https://siem.example.com/auth0',
          httpContentType: 'application/json',
          httpContentFormat: 'JSONLINES',
          httpAuthorization: 'Bearer siem-token',
        },
        filters: [{ type: 'category', name: 'auth.login.fail' }],
      },
    });
    assertSuccess(created, 'create');
    const stream = payloadOf(created);
    assert.equal(stream.status, 'active');
    const read = payloadOf(await h.run('log_streams', 'get', { id: stream.id }));
    assert.equal(read.name, name);
    assert.equal((read.sink as Msg).httpEndpoint, 'https://siem.example.com/auth0');
    assert.deepEqual(
      payloadOf<Msg[]>(await h.run('log_streams', 'list', {})).map((s) => s.id),
      [stream.id],
    );

    await h.run('log_streams', 'update', { id: stream.id, body: { status: 'paused', sink: { httpEndpoint: 'https://siem.example.com/v2' } } });
    const paused = payloadOf(await h.run('log_streams', 'get', { id: stream.id }));
    assert.equal(paused.status, 'paused');
    assert.equal((paused.sink as Msg).httpEndpoint, 'https://siem.example.com/v2');
    assert.equal((paused.sink as Msg).httpContentFormat, 'JSONLINES', 'the sink is merged');

    assertStatus(await h.run('log_streams', 'delete', { id: stream.id }), 'delete', 204);
    assert.equal((await h.gone('log_streams', 'get', { id: stream.id })).errorCode, 'inexistent_log_stream');
    assert.deepEqual(payloadOf(await h.run('log_streams', 'list', {})), []);
  });

  it('sends a Catch node the 400 of a stream without its sink fields', async () => {
    const failure = await h.fail('log_streams', 'create', { body: { type: 'datadog', sink: { datadogRegion: 'eu' } } });
    assert.equal(failure.statusCode, 400);
    assert.match(failure.message, /datadogApiKey/);
  });

  it('exercised every log_streams operation', () => {
    h.assertAllExercised('log_streams');
  });
});
