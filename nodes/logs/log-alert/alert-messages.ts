/**
 * The messages of auth0-log-alert (the contract, "Alerts over log events"): an alert on output 1,
 * a "resolved" on output 2, each with a one-line text ready for a chat, e-mail or http request node.
 */
import type { NodeMessage } from '../../shared/node-red-types';
import { presetById } from './alert-presets';
import type { LogAlertSettings } from './alert-settings';
import type { Counted, Resolution } from './alert-windows';

function iso(ms: number): string | null {
  return ms >= 0 && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** 600 → "10 min", 90 → "90 s", 7200 → "2 h". */
export function duration(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** The rule as people read it: the node's name, else the preset's label, else the rule. */
function ruleText(settings: LogAlertSettings): string {
  if (settings.title !== settings.rule) return settings.title;
  return presetById(settings.rule)?.label ?? settings.rule;
}

export function alertMessage(settings: LogAlertSettings, key: string, counted: Counted): NodeMessage {
  const firstAt = iso(counted.firstAt);
  const lastAt = iso(counted.lastAt);
  const text =
    `${ruleText(settings)}: ${counted.count} events for ${key} within ${duration(settings.windowSeconds)} ` +
    `(threshold ${settings.threshold}; ${counted.types.join(', ')}), from ${firstAt ?? '?'} to ${lastAt ?? '?'}`;
  return {
    topic: settings.title,
    payload: {
      rule: settings.rule,
      key,
      count: counted.count,
      threshold: settings.threshold,
      window: settings.windowSeconds,
      firstAt,
      lastAt,
      sample: counted.sample,
      types: counted.types,
      text,
    },
  };
}

export function resolvedMessage(settings: LogAlertSettings, resolution: Resolution): NodeMessage {
  const belowSince = iso(resolution.belowSince);
  const text = `${ruleText(settings)}: resolved for ${resolution.key}, ${resolution.count} events within ${duration(settings.windowSeconds)} (below ${settings.threshold} since ${belowSince ?? '?'})`;
  return {
    topic: settings.title,
    payload: {
      rule: settings.rule,
      key: resolution.key,
      resolved: true,
      count: resolution.count,
      threshold: settings.threshold,
      window: settings.windowSeconds,
      alertedAt: iso(resolution.alertedAt),
      belowSince,
      resolvedAt: iso(resolution.at),
      text,
    },
  };
}
