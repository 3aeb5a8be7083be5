/**
 * Status texts are message keys, translated by Node-RED's `RED._` into the runtime's language (as
 * core nodes such as tcp in do for texts with numbers in them). They are all in one place, the
 * "status" section of the auth0-config catalogue (nodes/config/locales/<lang>/auth0-config.json),
 * which every node of the package reads by its namespace: the words a node shows (no tenant, rate
 * limited, requesting, the kinds of failure) are the same on every node.
 */
import type { NodeRedAPI } from './node-red-types';

/** The auth0-config node set's message namespace: `<package name>/<node set name>`. */
export const STATUS_NAMESPACE = '@idflow/node-red-auth0/auth0-config';

/** A status text by its key below `auth0-config.status`, with its `__name__` values filled in. */
export type StatusText = (key: string, substitutions?: Record<string, unknown>) => string;

export function statusTexts(RED: Pick<NodeRedAPI, '_'>): StatusText {
  return (key, substitutions) => RED._(`${STATUS_NAMESPACE}:auth0-config.status.${key}`, substitutions);
}
