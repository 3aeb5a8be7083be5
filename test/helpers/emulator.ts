/** The emulator of a describe block: started before its tests on a free loopback port, closed after them. */
import { startEmulator, type Emulator, type StartOptions } from '../../emulator';
import { suiteResource } from './suite-resource';

/** Registers the hooks; `started` receives the emulator once it runs. */
export function useEmulator(started: (emu: Emulator) => void, options: StartOptions = {}): void {
  suiteResource(
    'useEmulator()',
    async () => {
      const emu = await startEmulator({ ...options, port: 0 });
      started(emu);
      return emu;
    },
    (emu) => emu.close(),
  );
}
