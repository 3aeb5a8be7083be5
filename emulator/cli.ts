/**
 * Command line: `node dist/emulator/cli.js --port 4010 [--client-id X]
 * [--client-secret Y] [--seed file.json] [--rate-limit N] [--burst M] [--rate-limit-plan NAME [--plan-speed X]] [--domain D]
 * [--client-public-key key.pem [--client-key-alg RS256|RS384|PS256]]`.
 * Prints the URL and the machine-to-machine client's id and secret; exits on SIGINT/SIGTERM.
 * With a public key, the machine-to-machine client gets it as a credential enabled for private
 * key JWT, registered through the emulator's own Management API as a user would.
 */
import { readFileSync } from 'node:fs';
import { startEmulator, type Emulator, type StartOptions } from './index';
import type { SeedData } from './core/seed';
import { planLimits } from './core/rate-limit-plans';
import { toError } from '../nodes/shared/errors';

const USAGE = `Usage: emulator [--port 4010] [--host 127.0.0.1] [--client-id ID] [--client-secret SECRET]
                [--seed file.json] [--rate-limit REQUESTS_PER_SECOND] [--burst N]
                [--rate-limit-plan free|essentials|professional|enterprise [--plan-speed X]] [--domain DOMAIN]
                [--client-public-key FILE.pem [--client-key-alg RS256|RS384|PS256]]`;

/** A public key for the machine-to-machine client (private key JWT). */
export interface ClientPublicKey {
  pem: string;
  alg: string;
}

export type CliOptions = StartOptions & { clientPublicKey?: ClientPublicKey };

/** Registers the key for the M2M client and enables it; returns its kid. */
export async function registerClientPublicKey(emu: Emulator, key: ClientPublicKey): Promise<string> {
  const headers = { authorization: `Bearer ${emu.managementToken()}`, 'content-type': 'application/json' };
  const base = `${emu.url}/api/v2/clients/${encodeURIComponent(emu.clientId)}`;
  const created = await fetch(`${base}/credentials`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ credential_type: 'public_key', name: 'emulator CLI', pem: key.pem, alg: key.alg }),
  });
  const credential = (await created.json()) as { id?: string; kid?: string; message?: string };
  if (created.status !== 201 || !credential.id) throw new Error(`the public key was refused: ${credential.message ?? created.status}`);
  const patched = await fetch(base, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ client_authentication_methods: { private_key_jwt: { credentials: [{ id: credential.id }] } } }),
  });
  if (patched.status !== 200) throw new Error(`the public key could not be enabled: HTTP ${patched.status}`);
  return credential.kid ?? '';
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { port: 4010 };
  let keyAlg: string | undefined;
  let perSecond: number | undefined;
  let burst: number | undefined;
  let plan: string | undefined;
  let planSpeed: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${name} needs a value`);
      return v;
    };
    const number = (): number => {
      const v = Number(value());
      if (!Number.isFinite(v) || v < 0) throw new Error(`${name} needs a non-negative number`);
      return v;
    };
    switch (name) {
      case '--port':
        options.port = number();
        break;
      case '--host':
        options.host = value();
        break;
      case '--client-id':
        options.clientId = value();
        break;
      case '--client-secret':
        options.clientSecret = value();
        break;
      case '--domain':
        options.domain = value();
        break;
      case '--seed': {
        const file = value();
        options.seed = JSON.parse(readFileSync(file, 'utf8')) as SeedData;
        break;
      }
      case '--client-public-key':
        options.clientPublicKey = { pem: readFileSync(value(), 'utf8'), alg: 'RS256' };
        break;
      case '--client-key-alg':
        keyAlg = value();
        break;
      case '--rate-limit':
        perSecond = number();
        break;
      case '--burst':
        burst = number();
        break;
      case '--rate-limit-plan':
        plan = value();
        break;
      case '--plan-speed':
        planSpeed = number();
        break;
      case '--help':
      case '-h':
        process.stdout.write(USAGE + '\n');
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  if (burst !== undefined && perSecond === undefined) throw new Error('--burst needs --rate-limit');
  if (keyAlg !== undefined) {
    if (!options.clientPublicKey) throw new Error('--client-key-alg needs --client-public-key');
    if (!['RS256', 'RS384', 'PS256'].includes(keyAlg)) throw new Error('--client-key-alg must be RS256, RS384 or PS256');
    options.clientPublicKey.alg = keyAlg;
  }
  if (perSecond !== undefined && perSecond > 0) options.rateLimit = { perSecond, burst };
  if (planSpeed !== undefined && plan === undefined) throw new Error('--plan-speed needs --rate-limit-plan');
  if (plan !== undefined) {
    if (perSecond !== undefined) throw new Error('--rate-limit-plan and --rate-limit exclude each other');
    options.rateLimit = planLimits(plan, planSpeed ?? 1);
  }
  return options;
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${toError(err).message}\n${USAGE}\n`);
    process.exit(2);
  }
  // Signal handlers go in first: a signal that comes right after the banner must not find the default action.
  let closing = false;
  let close: (() => Promise<void>) | undefined;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    (close ? close() : Promise.resolve()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const { clientPublicKey, ...startOptions } = options;
  const emu = await startEmulator(startOptions);
  close = () => emu.close();
  if (closing) {
    await emu.close();
    return;
  }
  const kid = clientPublicKey ? await registerClientPublicKey(emu, clientPublicKey) : undefined;
  process.stdout.write(
    [
      'Auth0 tenant emulator (a local stand-in for development, not a real identity service)',
      `URL:            ${emu.url}`,
      `Domain:         ${emu.domain}`,
      `Management API: ${emu.managementAudience}`,
      `Client ID:      ${emu.clientId}`,
      `Client secret:  ${emu.clientSecret}`,
      `Web app:        client id ${emu.webClient.clientId}, secret ${emu.webClient.clientSecret}`,
      `SPA:            client id ${emu.spaClient.clientId}`,
      ...(kid !== undefined ? [`Private key JWT: the client's public key is registered (${clientPublicKey?.alg}, kid ${kid})`] : []),
      options.rateLimit
        ? `Rate limit:     ${options.rateLimit.endpoints ? `per endpoint class (${Object.keys(options.rateLimit.endpoints).join(', ')}); overall ` : ''}${options.rateLimit.endpoints ? options.rateLimit.perSecond.toFixed(2) : options.rateLimit.perSecond}/s, burst ${options.rateLimit.burst ?? options.rateLimit.perSecond}`
        : 'Rate limit:     off',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`emulator failed to start: ${toError(err).message}\n`);
    process.exit(1);
  });
}
