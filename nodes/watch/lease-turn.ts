/**
 * A watcher's turn across replicas (shared-state/watcher-sharing.ts): claims or renews the lease,
 * and says whether this process runs now and whether the lease changed hands since it last held
 * it (its state in Redis may have moved on). While Redis is away nobody claims: no state could be
 * recorded.
 */
import type { LeaseRole } from '../shared-state/lease';
import { type WatcherSharing, isSharingPause, pauseRole } from './watcher-sharing';

export interface Turn {
  role: LeaseRole;
  /** The lease was (re)taken with a new fencing token: read the stored state again. */
  takenOver: boolean;
}

/** Claims the turn; a failure other than Redis being away or the lease being lost is thrown. */
export async function claimTurn(sharing: WatcherSharing): Promise<Turn> {
  try {
    const role = sharing.shared.available ? await sharing.claim() : 'unavailable';
    return { role, takenOver: role === 'holder' && sharing.takenOver() };
  } catch (err) {
    if (!isSharingPause(err)) throw err;
    return { role: pauseRole(err), takenOver: false };
  }
}
