/** The `grants` group: the consents users gave applications. */
import { common, type GroupSpec } from '../shared/catalogue';

export const grantsGroup: GroupSpec = {
  type: 'auth0-grants',
  name: 'grants',
  paletteLabel: 'grants',
  api: 'management',
  summary: 'Lists and deletes grants: the consents users gave applications to access APIs on their behalf.',
  details: [
    'extra_params filters the list, for example { "user_id": "auth0|…" }, { "client_id": "…" } or { "audience": "…" }; page, per_page and include_totals take precedence over it.',
  ],
  references: [{ title: 'Management API: Grants', url: 'https://auth0.com/docs/api/management/v2/grants/get-grants' }],
  operations: [
    {
      id: 'all',
      label: 'List grants',
      description: 'Lists the grants users gave to applications, optionally only those of one user, application or API.',
      method: 'GET',
      path: '/api/v2/grants',
      inputs: [
        common.page(),
        common.perPage(),
        common.includeTotals(false),
        { name: 'user_id', in: 'query', type: 'string', description: 'Only grants of this user.' },
        { name: 'client_id', in: 'query', type: 'string', description: 'Only grants to this application.' },
        { name: 'audience', in: 'query', type: 'string', description: 'Only grants for this API audience.' },
        common.extraParams(),
      ],
      paging: ['page'],
      itemsKey: 'grants',
      scopes: ['read:grants'],
      group: 'Read',
    },
    {
      id: 'delete',
      label: 'Delete grant',
      description: 'Revokes one grant; the user is asked for consent again next time.',
      method: 'DELETE',
      path: '/api/v2/grants/{id}',
      inputs: [common.id('The id of the grant.')],
      scopes: ['delete:grants'],
      group: 'Delete',
    },
    {
      id: 'delete_by_user_id',
      label: 'Delete all grants of a user',
      description: 'Deletes every grant a user has given to applications.',
      method: 'DELETE',
      path: '/api/v2/grants',
      inputs: [{ name: 'user_id', in: 'query', type: 'string', required: true, description: 'The user whose grants are deleted.' }],
      scopes: ['delete:grants'],
      group: 'Delete',
    },
  ],
};
