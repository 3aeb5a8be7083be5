/** The `user_blocks` group: blocks caused by too many failed logins (brute-force protection). */
import type { GroupSpec, InputSpec } from '../shared/catalogue';

const userId: InputSpec = { name: 'id', in: 'path', type: 'string', required: true, description: 'The user_id of the user.' };
const identifier: InputSpec = {
  name: 'identifier',
  in: 'query',
  type: 'string',
  required: true,
  description: 'The username, phone_number or e-mail the blocks apply to.',
};

export const userBlocksGroup: GroupSpec = {
  type: 'auth0-user-blocks',
  name: 'user_blocks',
  paletteLabel: 'user blocks',
  api: 'management',
  summary: 'Reads and removes the login blocks brute-force protection put on a user, by user id or by identifier.',
  details: [
    "A block comes from too many failed logins from one IP address. Unblocking does not block the user nor change the user's blocked flag (that is users update).",
  ],
  references: [
    { title: 'Management API: User Blocks', url: 'https://auth0.com/docs/api/management/v2/user-blocks/get-user-blocks' },
    { title: 'Brute-force protection', url: 'https://auth0.com/docs/secure/attack-protection/brute-force-protection' },
  ],
  operations: [
    {
      id: 'get',
      label: 'Get user blocks',
      description: 'Lists the blocks of a user, by user id.',
      method: 'GET',
      path: '/api/v2/user-blocks/{id}',
      inputs: [
        userId,
        {
          name: 'consider_brute_force_enablement',
          in: 'query',
          type: 'boolean',
          description: 'When true, blocks by brute-force protection are only reported while that protection is turned on.',
        },
      ],
      scopes: ['read:users'],
      group: 'Read',
    },
    {
      id: 'get_by_identifier',
      label: 'Get blocks by identifier',
      description: 'Lists the blocks for a username, phone number or e-mail.',
      method: 'GET',
      path: '/api/v2/user-blocks',
      inputs: [
        identifier,
        {
          name: 'consider_brute_force_enablement',
          in: 'query',
          type: 'boolean',
          description: 'When true, blocks by brute-force protection are only reported while that protection is turned on.',
        },
      ],
      scopes: ['read:users'],
      group: 'Read',
    },
    {
      id: 'unblock',
      label: 'Unblock user',
      description: 'Removes the blocks of a user, by user id.',
      method: 'DELETE',
      path: '/api/v2/user-blocks/{id}',
      inputs: [userId],
      scopes: ['update:users'],
      group: 'Unblock',
    },
    {
      id: 'unblock_by_identifier',
      label: 'Unblock by identifier',
      description: 'Removes the blocks for a username, phone number or e-mail.',
      method: 'DELETE',
      path: '/api/v2/user-blocks',
      inputs: [identifier],
      scopes: ['update:users'],
      group: 'Unblock',
    },
  ],
};
