/**
 * auth0-log-alert's event time parser gives what Date.parse gives: on every day of four centuries,
 * on random times of the canonical form (fields out of range included), and on odd texts that
 * Date.parse reads, rolls over or refuses.
 */
import assert from 'node:assert/strict';
import { parseTime } from '../../nodes/logs/log-alert/iso-time';
import { random } from './support';

function same(text: string): void {
  assert.ok(Object.is(parseTime(text), Date.parse(text)), `${JSON.stringify(text)}: ${parseTime(text)}, Date.parse ${Date.parse(text)}`);
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

describe('auth0-log-alert event time', function () {
  it('reads every day from 1899 to 2301 as Date.parse does, at the first and last millisecond', () => {
    for (let ms = Date.UTC(1899, 0, 1); ms < Date.UTC(2301, 0, 1); ms += 86_400_000) {
      same(new Date(ms).toISOString());
      same(new Date(ms + 86_399_999).toISOString());
    }
  });

  it('reads random texts of the canonical form as Date.parse does, fields out of range included', () => {
    const next = random(31);
    const field = (max: number, width: number): string => pad(Math.floor(next() * (max + 1)), width);
    for (let i = 0; i < 200_000; i++) {
      same(`${field(9999, 4)}-${field(13, 2)}-${field(32, 2)}T${field(25, 2)}:${field(61, 2)}:${field(61, 2)}.${field(999, 3)}Z`);
    }
  });

  it('gives odd texts to Date.parse: other forms, rolled-over dates, non-digits, extra characters', () => {
    const odd = [
      '2026-02-29T00:00:00.000Z',
      '2024-02-29T12:00:00.000Z',
      '1900-02-29T00:00:00.000Z',
      '2000-02-29T00:00:00.000Z',
      '2026-02-31T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-01T23:59:60.000Z',
      '2026-00-10T00:00:00.000Z',
      '2026-01-00T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '0000-02-29T00:00:00.000Z',
      '0099-03-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '2026-01-01t00:00:00.000z',
      '2026-01-01T00:00:00.000+00:00',
      '2026-01-01T00:00:00.000+02:00',
      '2026-01-01 00:00:00.000Z',
      '+002026-01-01T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00.0000Z',
      '2026-01-01T00:00:00.00Z',
      '2026-01-01T00:00:00.000',
      '2026-01-01T00:00:00Z',
      '2026-01-01',
      '2026-01-01T00:00:00.000Z ',
      ' 2026-01-01T00:00:00.000Z',
      '2026-0a-01T00:00:00.000Z',
      '2026-01-01T00:0/:00.000Z',
      '2026-01-01T00:00::0.000Z',
      '2026-01-01T00:00:00.-00Z',
      '２０２６-01-01T00:00:00.000Z',
      '2026/01/01T00:00:00.000Z',
      'Thu, 01 Jan 2026 00:00:00 GMT',
      '1767225600000',
      '',
      'xxxxxxxxxxxxxxxxxxxxxxxx',
    ];
    for (const text of odd) same(text);
  });
});
