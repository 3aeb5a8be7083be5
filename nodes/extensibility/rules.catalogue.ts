/** The `rules` group: the legacy JavaScript rules run at login. */
import { common, type GroupSpec } from '../shared/catalogue';

const ruleId = common.id('The id of the rule (rul_…).');

export const rulesGroup: GroupSpec = {
  type: 'auth0-rules',
  name: 'rules',
  paletteLabel: 'rules',
  api: 'management',
  endOfLife: { date: '2026-11-18', replacement: 'Actions (the auth0-actions node)' },
  summary: 'Lists, creates, reads, updates and deletes rules: JavaScript functions that run when a user logs in.',
  details: [
    "Rules were deprecated on 2023-05-16 and read-only from 2024-11-18; since 2026-11-18 Auth0 no longer runs them. The same logic is written as an Action: the auth0-actions node's deploy_and_bind operation creates or updates an action from its code, waits for the build, deploys it and binds it to a trigger (post-login for what a rule did at login).",
    'The list can be filtered by stage (sent only when set) and by enabled (true by default).',
  ],
  references: [
    { title: 'Management API: Rules', url: 'https://auth0.com/docs/api/management/v2/rules/get-rules' },
    { title: 'Rules', url: 'https://auth0.com/docs/customize/rules' },
  ],
  operations: [
    {
      id: 'all',
      label: 'List rules',
      description: 'Lists the rules, of one execution stage when stage is set, by default only the enabled ones.',
      method: 'GET',
      path: '/api/v2/rules',
      inputs: [
        {
          name: 'stage',
          in: 'query',
          type: 'string',
          enum: ['login_success', 'login_failure', 'pre_authorize'],
          // Sent only when set: Auth0's description of GET /rules no longer has the parameter.
          description: 'Only rules of this execution stage; unset lists the rules of every stage.',
        },
        { name: 'enabled', in: 'query', type: 'boolean', default: true, description: 'Only enabled (true) or disabled (false) rules.' },
        common.fields(),
        common.includeFields(true),
        common.page(),
        common.perPage(),
        common.includeTotals(false),
      ],
      paging: ['page'],
      itemsKey: 'rules',
      scopes: ['read:rules'],
      group: 'Read',
    },
    {
      id: 'create',
      label: 'Create rule',
      description: 'Creates a rule from body (name and script are required).',
      method: 'POST',
      path: '/api/v2/rules',
      inputs: [common.body('The new rule: name and script (required), order, enabled.')],
      scopes: ['create:rules'],
      group: 'Create and update',
    },
    {
      id: 'get',
      label: 'Get rule',
      description: 'Reads one rule.',
      method: 'GET',
      path: '/api/v2/rules/{id}',
      inputs: [ruleId, common.fields(), common.includeFields(true)],
      scopes: ['read:rules'],
      group: 'Read',
    },
    {
      id: 'update',
      label: 'Update rule',
      description: 'Changes the attributes given in body (script, name, order, enabled).',
      method: 'PATCH',
      path: '/api/v2/rules/{id}',
      inputs: [ruleId, common.body('The attributes to change.')],
      scopes: ['update:rules'],
      group: 'Create and update',
    },
    {
      id: 'delete',
      label: 'Delete rule',
      description: 'Deletes a rule.',
      method: 'DELETE',
      path: '/api/v2/rules/{id}',
      inputs: [ruleId],
      scopes: ['delete:rules'],
      group: 'Delete',
    },
  ],
};
