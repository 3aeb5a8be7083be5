/**
 * Reading export files as a stream: gzip or not, newline-delimited JSON or CSV, records split
 * across chunks anywhere (even inside a UTF-8 character or a quoted CSV field).
 */
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { CsvRowReader, exportRecords } from '../../nodes/jobs/watch/records';

/** The bytes as a stream of chunks of `size` bytes. */
async function* chunks(data: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

async function read(data: Buffer, format: 'json' | 'csv', size = 7): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const record of exportRecords(chunks(data, size), format)) out.push(record);
  return out;
}

const users = [
  { user_id: 'auth0|1', email: 'ada@example.com', name: 'Ada "Countess" Lovelace', user_metadata: { city: 'Zürich' } },
  { user_id: 'auth0|2', email: 'grace@example.com', name: 'Grace, the admiral', app_metadata: { plan: 'pro' } },
  { user_id: 'auth0|3', email: 'ümlaut@example.com', name: 'Line\nbreak 😀' },
];

describe('jobs export file: streamed records', () => {
  it('reads gzipped ndjson in any chunking, skipping blank lines and a final line without newline', async () => {
    const text = users.map((u) => JSON.stringify(u)).join('\n') + '\n\n';
    for (const size of [1, 2, 3, 7, 64, 100000]) {
      assert.deepEqual(await read(gzipSync(Buffer.from(text)), 'json', size), users, `chunks of ${size}`);
    }
    assert.deepEqual(await read(Buffer.from(text.trimEnd()), 'json', 5), users, 'plain (already un-gzipped) ndjson');
  });

  it('reads CSV with a header, quoted commas, doubled quotes, line breaks in fields, CRLF and a BOM', async () => {
    const csv =
      '\uFEFFuser_id,email,name\r\n' +
      'auth0|1,ada@example.com,"Ada ""Countess"" Lovelace"\r\n' +
      'auth0|2,grace@example.com,"Grace, the admiral"\r\n' +
      'auth0|3,ümlaut@example.com,"Line\nbreak 😀"\r\n';
    const expected = users.map(({ user_id, email, name }) => ({ user_id, email, name }));
    for (const size of [1, 3, 11, 4096]) {
      assert.deepEqual(await read(gzipSync(Buffer.from(csv)), 'csv', size), expected, `chunks of ${size}`);
    }
  });

  it('reads an empty file as no records', async () => {
    assert.deepEqual(await read(gzipSync(Buffer.alloc(0)), 'json'), []);
    assert.deepEqual(await read(Buffer.alloc(0), 'csv'), []);
    assert.deepEqual(await read(Buffer.from('email,name\n'), 'csv'), []);
  });

  it('refuses a line that is not a JSON object, and a CSV row with the wrong number of fields, saying where', async () => {
    await assert.rejects(read(Buffer.from('{"a":1}\nnot json\n'), 'json'), /line 2 of the export file is not JSON/);
    await assert.rejects(read(Buffer.from('{"a":1}\n[1,2]\n'), 'json'), /line 2 .* not a user object/);
    await assert.rejects(read(Buffer.from('a,b\n1,2\n1,2,3\n'), 'csv'), /CSV row 3 has 3 fields, the header 2/);
    await assert.rejects(read(Buffer.from('a,b\n1,"open\n'), 'csv'), /ends inside a quoted CSV field/);
  });

  it('fails when the gzip stream is corrupt', async () => {
    const zipped = gzipSync(Buffer.from(users.map((u) => JSON.stringify(u)).join('\n')));
    const broken = Buffer.concat([zipped.subarray(0, 12), Buffer.from('garbage that is not deflate data'), zipped.subarray(12)]);
    await assert.rejects(read(broken, 'json'));
  });

  it('CsvRowReader keeps empty fields and a last row without a line break', () => {
    const reader = new CsvRowReader();
    assert.deepEqual(reader.push('a,,c\n,'), [['a', '', 'c']]);
    assert.deepEqual(reader.push('x,""'), []);
    assert.deepEqual(reader.end(), ['', 'x', '']);
  });
});
