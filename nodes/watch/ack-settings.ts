/** The acknowledged mode's properties (`ack`, `maxUnacked`), shared by the watchers that offer it. */
import { ConfigError } from '../shared/errors';
import { toText } from '../shared/to-text';
import { DEFAULT_MAX_UNACKED } from './ack-window';

export interface AckConfig {
  /** Acknowledged mode (default false). */
  ack?: boolean | string;
  /** Messages sent and not acknowledged at most (default 500). */
  maxUnacked?: number | string;
}

export interface AckSettings {
  ack: boolean;
  maxUnacked: number;
}

/** A whole number of at least 1, or the default when the property is empty; a ConfigError naming it otherwise. */
export function countSetting(name: string, value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  // A number, or decimal digits (a form's text): not `true`, `"0x10"` or `"1e3"`, which Number() would take.
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`"${name}" must be a whole number of at least 1, got "${toText(value)}"`);
  return n;
}

export function readAckSettings(config: AckConfig): AckSettings {
  const ack = config.ack === true || config.ack === 'true';
  if (config.ack !== undefined && config.ack !== '' && !ack && config.ack !== false && config.ack !== 'false') {
    throw new ConfigError(`"ack" must be true or false, got "${toText(config.ack)}"`);
  }
  return { ack, maxUnacked: countSetting('maxUnacked', config.maxUnacked, DEFAULT_MAX_UNACKED) };
}
