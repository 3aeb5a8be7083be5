/** The `anomaly` group: IP addresses that brute-force or suspicious-IP protection has blocked. */
import { type GroupSpec, type InputSpec } from '../shared/catalogue';

const ip: InputSpec = {
  name: 'id',
  in: 'path',
  type: 'string',
  required: true,
  description: 'The IP address (IPv4 or IPv6) to look up or release.',
};

export const anomalyGroup: GroupSpec = {
  type: 'auth0-anomaly',
  name: 'anomaly',
  paletteLabel: 'anomaly (blocked IPs)',
  api: 'management',
  summary: 'Checks whether attack protection has blocked an IP address, and lifts such a block.',
  details: [
    'check_ip succeeds (200) when the address is blocked and fails with a 404 when it is not, so a Catch node or the error output tells the two apart.',
  ],
  references: [
    { title: 'Management API: Anomaly', url: 'https://auth0.com/docs/api/management/v2/anomaly/get-ips-by-id' },
    { title: 'Suspicious IP throttling', url: 'https://auth0.com/docs/secure/attack-protection/suspicious-ip-throttling' },
  ],
  operations: [
    {
      id: 'check_ip',
      label: 'Check IP block',
      description: 'Answers 200 when the IP address is blocked by attack protection, 404 when it is not.',
      method: 'GET',
      path: '/api/v2/anomaly/blocks/ips/{id}',
      inputs: [ip],
      scopes: ['read:anomaly_blocks'],
      group: 'Blocked IPs',
    },
    {
      id: 'unblock_ip',
      label: 'Unblock IP',
      description: 'Removes the block attack protection placed on an IP address.',
      method: 'DELETE',
      path: '/api/v2/anomaly/blocks/ips/{id}',
      inputs: [ip],
      scopes: ['delete:anomaly_blocks'],
      group: 'Blocked IPs',
    },
  ],
};
