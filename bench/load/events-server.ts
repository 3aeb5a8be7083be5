/**
 * The events-backlog bench's server: the emulator in a process of its own, holding a backlog of
 * `count` events (argv[2]) published after one first event whose offset every drain starts from
 * (Last-Event-ID). It tells the bench where it is over IPC and runs until the bench disconnects.
 * Run by bench/events-backlog.ts through fork().
 */
import { startEmulator } from '../../emulator';
import { eventBusOfState } from '../../emulator/management/events/event-bus';
import { encodeOffset } from '../../emulator/management/events/event-log';

export interface EventsServer {
  url: string;
  domain: string;
  clientId: string;
  clientSecret: string;
  token: string;
  /** The offset every drain starts after. */
  offset: string;
}

const TYPES = ['user.created', 'user.updated', 'organization.member.added', 'user.deleted'];

async function main(): Promise<void> {
  const count = Number(process.argv[2]);
  const emu = await startEmulator({ port: 0 });
  const settings = await fetch(`${emu.url}/__emulator/events/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ disconnectMs: 3_600_000, heartbeatMs: 60_000, maxConnections: 100, maxEvents: count + 10_000 }),
  });
  if (!settings.ok) throw new Error(`events settings: ${settings.status}`);
  const bus = eventBusOfState(emu.state);
  if (!bus) throw new Error('the emulator has no event bus');
  bus.publish({}, 'user.created', { user_id: 'auth0|first' });
  const offset = encodeOffset(bus.log.latest);
  for (let i = 0; i < count; i++) {
    bus.publish({}, TYPES[i % TYPES.length], {
      user_id: `auth0|backlog${i}`,
      email: `backlog${i}@example.com`,
      name: `Backlog user ${i}`,
      app_metadata: { plan: 'free' },
    });
  }
  const ready: EventsServer = {
    url: emu.url,
    domain: emu.domain,
    clientId: emu.clientId,
    clientSecret: emu.clientSecret,
    token: emu.managementToken(),
    offset,
  };
  process.send?.(ready);
  process.once('disconnect', () => {
    void emu.close().finally(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
