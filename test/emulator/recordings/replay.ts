/**
 * Replays Auth0's recorded Management API traffic against a fresh emulator and compares each
 * answer with Auth0's: status, body shape (shape.ts) and error code. Ids Auth0 answered are mapped
 * to the emulator's as the recording goes, so that a recording's later requests (read, update,
 * delete) name what the emulator created.
 */
import type { Emulator } from '../../../emulator';
import type { Cassette, RecordedInteraction } from './cassettes';
import { shapeDifferences } from './shape';
import { ignoredKeys, skipOf } from './skips';

export type Outcome = 'match' | 'mismatch' | 'skip';

export interface InteractionResult {
  file: string;
  index: number;
  method: string;
  path: string;
  outcome: Outcome;
  /** Why it was skipped, or what differed. */
  reasons: string[];
}

/** The recorded tenant's domain and canonical domain. */
const RECORDED_DOMAINS = ['go-auth0-dev.eu.auth0.com.us.auth0.com', 'go-auth0-dev.eu.auth0.com'];

/** Keys whose string values are ids worth mapping from Auth0's to the emulator's. */
function isIdKey(key: string): boolean {
  return key === 'id' || key.endsWith('_id') || key.endsWith('Id') || key === 'identifier' || key === 'kid' || key === 'user_code' || key === 'next';
}

/** Pairs Auth0's ids with the emulator's, walking both answers side by side. */
function learnIds(expected: unknown, actual: unknown, ids: Map<string, string>): void {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) learnIds(expected[i], actual[i], ids);
    return;
  }
  if (!expected || !actual || typeof expected !== 'object' || typeof actual !== 'object') return;
  const theirs = expected as Record<string, unknown>;
  const mine = actual as Record<string, unknown>;
  for (const [key, value] of Object.entries(theirs)) {
    const other = mine[key];
    if (typeof value === 'string' && typeof other === 'string' && isIdKey(key) && value !== other && value.length >= 3 && !ids.has(value)) {
      ids.set(value, other);
    } else if (value && typeof value === 'object') learnIds(value, other, ids);
  }
}

/** Replaces Auth0's ids by the emulator's in `text` (raw and URL-encoded), longest first. */
function mapIds(text: string, ids: Map<string, string>): string {
  if (!text || ids.size === 0) return text;
  let out = text;
  for (const [theirs, mine] of [...ids].sort((a, b) => b[0].length - a[0].length)) {
    out = out.split(theirs).join(mine);
    const encoded = encodeURIComponent(theirs);
    if (encoded !== theirs) out = out.split(encoded).join(encodeURIComponent(mine));
  }
  return out;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function errorCodeOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const code = (body as Record<string, unknown>).errorCode;
  return typeof code === 'string' ? code : undefined;
}

function hasBody(interaction: RecordedInteraction): boolean {
  const body = interaction.body.trim();
  if (interaction.method === 'GET' || interaction.method === 'HEAD') return false;
  return body !== '' && !(body === 'null' && interaction.method === 'DELETE');
}

async function send(emu: Emulator, token: string, interaction: RecordedInteraction, ids: Map<string, string>): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: string | undefined;
  if (hasBody(interaction)) {
    body = mapIds(interaction.body, ids);
    headers['content-type'] = interaction.contentType ?? 'application/json';
  }
  const response = await fetch(emu.url + mapIds(interaction.pathAndQuery, ids), { method: interaction.method, headers, body });
  return { status: response.status, text: await response.text() };
}

/**
 * The recorded tenant's own settings that its recordings rely on: its database connection asks
 * for usernames of 1 to 15 characters (every recorded user is created with one, which Auth0
 * refuses otherwise).
 */
function prepareLikeRecordedTenant(emu: Emulator): void {
  const database = emu.state.connectionByName('Username-Password-Authentication');
  if (database) {
    emu.state.connections.update(
      database.id,
      (c) => void (c.options = { ...c.options, requires_username: true, validation: { username: { max: 15, min: 1 } } }),
    );
  }
}

/** Told every answer the emulator gives during a replay (the schema walk collects the keys it answers). */
export type AnswerListener = (method: string, pathAndQuery: string, status: number, text: string) => void;

/** Replays one recording on `emu` (reset first) and judges every interaction. */
export async function replayCassette(emu: Emulator, cassette: Cassette, onAnswer?: AnswerListener): Promise<InteractionResult[]> {
  emu.reset();
  // What Auth0 did between the recorded requests (builds, jobs) took time: the emulated clock runs
  // 1,000 times faster than real time, so a build (400 ms) is done by the next request.
  emu.clock.setSpeed(1000);
  prepareLikeRecordedTenant(emu);
  const token = emu.managementToken(undefined, 365 * 86400);
  // The recorded tenant's domains stand for the emulator's (audiences, the canonical domain).
  const ids = new Map<string, string>(RECORDED_DOMAINS.map((domain) => [domain, emu.domain]));
  const results: InteractionResult[] = [];
  for (const interaction of cassette.interactions) {
    const base = { file: cassette.file, index: interaction.index, method: interaction.method, path: interaction.pathAndQuery };
    const skip = skipOf(cassette.file, interaction);
    if (skip) {
      // Still sent, so that what it creates or deletes is there for the rest of the recording.
      await send(emu, token, interaction, ids).catch(() => undefined);
      results.push({ ...base, outcome: 'skip', reasons: [skip] });
      continue;
    }
    const answer = await send(emu, token, interaction, ids);
    onAnswer?.(interaction.method, interaction.pathAndQuery, answer.status, answer.text);
    const reasons: string[] = [];
    if (answer.status !== interaction.status) reasons.push(`status ${answer.status} instead of ${interaction.status}`);
    const recorded = interaction.responseBody.trim() ? parseJson(interaction.responseBody) : undefined;
    if (recorded?.ok) {
      const mine = answer.text.trim() ? parseJson(answer.text) : { ok: false as const };
      if (!mine.ok) reasons.push(`body is not JSON: ${answer.text.slice(0, 80)}`);
      else {
        const theirCode = errorCodeOf(recorded.value);
        const myCode = errorCodeOf(mine.value);
        if (theirCode !== undefined && theirCode !== myCode) reasons.push(`errorCode ${String(myCode)} instead of ${theirCode}`);
        if (interaction.status < 400) {
          reasons.push(...shapeDifferences(recorded.value, mine.value, ignoredKeys(interaction)));
          learnIds(recorded.value, mine.value, ids);
        }
      }
    }
    results.push({ ...base, outcome: reasons.length ? 'mismatch' : 'match', reasons });
  }
  return results;
}

export interface ReplaySummary {
  results: InteractionResult[];
  matched: number;
  compared: number;
  skipped: number;
  /** matched / compared */
  ratio: number;
}

export async function replayAll(emu: Emulator, cassettes: readonly Cassette[], onAnswer?: AnswerListener): Promise<ReplaySummary> {
  const results: InteractionResult[] = [];
  for (const cassette of cassettes) results.push(...(await replayCassette(emu, cassette, onAnswer)));
  emu.clock.resetTime();
  const matched = results.filter((r) => r.outcome === 'match').length;
  const skipped = results.filter((r) => r.outcome === 'skip').length;
  const compared = results.length - skipped;
  return { results, matched, compared, skipped, ratio: compared ? matched / compared : 0 };
}
