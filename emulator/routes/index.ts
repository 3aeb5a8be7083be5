/**
 * Every routes module of the emulator, in registration order.
 * Add a group with two one-line edits: its import, and its entry in the list.
 */
import type { RoutesModule } from '../core/types';
import { registerControlRoutes } from './control';

export const routeModules: RoutesModule[] = [
  registerControlRoutes,
];
