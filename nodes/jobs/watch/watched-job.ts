/** What auth0-job-watch knows of each job it watches, and of the messages waiting for its end. */
import type { DoneFunction, NodeMessage, SendFunction } from '../../shared/node-red-types';

export type Job = Record<string, unknown>;

/** The input message a job came with, and how to finish it. */
export interface InputTracker {
  remaining: number;
  error?: Error;
  send: SendFunction;
  done: DoneFunction;
}

/** A message waiting for a job's end: its properties (payload aside) travel with the output. */
export interface Waiter {
  base: NodeMessage;
  saved: Record<string, unknown>;
  input?: InputTracker;
}

export interface WatchedJob {
  id: string;
  addedAt: number;
  createdAt?: number;
  type?: string;
  last?: Job;
  /** Polls failed in a row. */
  failures: number;
  downloadAttempts: number;
  /** Export users already sent (items output), skipped when a download is tried again. */
  emitted: number;
  nextPollAt: number;
  busy: boolean;
  waiters: Waiter[];
}

/** Bytes of a waiting message's properties kept in the context store; beyond it only topic is kept. */
const MAX_SAVED_MESSAGE_BYTES = 64 * 1024;

export function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** A message's properties as they can be stored: no payload, no http objects, small. */
export function savable(msg: NodeMessage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(msg)) {
    if (key === 'payload' || key === 'req' || key === 'res' || value === undefined || typeof value === 'function') continue;
    out[key] = value;
  }
  try {
    const text = JSON.stringify(out);
    if (text.length <= MAX_SAVED_MESSAGE_BYTES) return JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Circular or not JSON: keep what surely is.
  }
  const minimal: Record<string, unknown> = {};
  if (typeof msg._msgid === 'string') minimal._msgid = msg._msgid;
  if (typeof msg.topic === 'string') minimal.topic = msg.topic;
  return minimal;
}
