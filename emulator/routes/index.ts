/**
 * Every routes module of the emulator, in registration order.
 * Add a group with two one-line edits: its import, and its entry in the list.
 */
import type { RoutesModule } from '../core/types';
import { registerControlRoutes } from './control';
import { registerAuthRoutes } from './auth';
import { registerDatabaseRoutes } from './auth-database';
import { registerPasswordlessRoutes } from './auth-passwordless';
import { registerLegacyAuthRoutes } from './auth-legacy';

export const routeModules: RoutesModule[] = [
  registerControlRoutes,
  registerAuthRoutes,
  registerDatabaseRoutes,
  registerPasswordlessRoutes,
  registerLegacyAuthRoutes,
];
