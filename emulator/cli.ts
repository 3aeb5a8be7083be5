/**
 * Command line: `node dist/emulator/cli.js --port 4010 [--client-id X]
 * [--client-secret Y] [--seed file.json] [--rate-limit N] [--burst M] [--rate-limit-plan NAME [--plan-speed X]] [--domain D]`.
 * Prints the URL and the machine-to-machine client's id and secret; exits on SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { startEmulator, type StartOptions } from './index';
import type { SeedData } from './core/seed';
import { planLimits } from './core/rate-limit-plans';

const USAGE = `Usage: emulator [--port 4010] [--host 127.0.0.1] [--client-id ID] [--client-secret SECRET]
                [--seed file.json] [--rate-limit REQUESTS_PER_SECOND] [--burst N]
                [--rate-limit-plan free|essentials|professional|enterprise [--plan-speed X]] [--domain DOMAIN]`;

export function parseArgs(argv: readonly string[]): StartOptions {
  const options: StartOptions = { port: 4010 };
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
      case '--port': options.port = number(); break;
      case '--host': options.host = value(); break;
      case '--client-id': options.clientId = value(); break;
      case '--client-secret': options.clientSecret = value(); break;
      case '--domain': options.domain = value(); break;
      case '--seed': {
        const file = value();
        options.seed = JSON.parse(readFileSync(file, 'utf8')) as SeedData;
        break;
      }
      case '--rate-limit': perSecond = number(); break;
      case '--burst': burst = number(); break;
      case '--rate-limit-plan': plan = value(); break;
      case '--plan-speed': planSpeed = number(); break;
      case '--help': case '-h':
        process.stdout.write(USAGE + '\n');
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  if (burst !== undefined && perSecond === undefined) throw new Error('--burst needs --rate-limit');
  if (perSecond !== undefined && perSecond > 0) options.rateLimit = { perSecond, burst };
  if (planSpeed !== undefined && plan === undefined) throw new Error('--plan-speed needs --rate-limit-plan');
  if (plan !== undefined) {
    if (perSecond !== undefined) throw new Error('--rate-limit-plan and --rate-limit exclude each other');
    options.rateLimit = planLimits(plan, planSpeed ?? 1);
  }
  return options;
}

async function main(): Promise<void> {
  let options: StartOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
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
  const emu = await startEmulator(options);
  close = () => emu.close();
  if (closing) {
    await emu.close();
    return;
  }
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
    process.stderr.write(`emulator failed to start: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
