/**
 * The `actions` group of the Management API v2: actions, their versions, triggers and bindings,
 * executions, the early-access modules, and deploy-and-bind (an executor: create or update, wait
 * for the build, deploy, bind).
 */
import { common, type GroupSpec, type InputSpec, type OperationSpec } from '../shared/catalogue';
import { ACTION_TRIGGERS, BIND_POSITIONS } from './triggers';

const actionId = (name = 'id'): InputSpec => common.id('The id of the action.', name);
const versionId = (name: string): InputSpec => common.id('The id of the action version.', name);
const moduleId = (): InputSpec => common.id('The id of the actions module.');
const triggerId = (): InputSpec => ({
  name: 'id', in: 'path', type: 'string', required: true, enum: ACTION_TRIGGERS,
  description: 'The trigger, e.g. post-login.',
});
const paging = (): InputSpec[] => [common.page(), common.perPage()];
const READ = ['read:actions'];
const EARLY = { lifecycle: 'early-access' as const, group: 'Modules (early access)' };

const moduleOperations: OperationSpec[] = [
  {
    id: 'get_modules', label: 'List modules', ...EARLY, method: 'GET', path: '/api/v2/actions/modules',
    description: 'Lists the actions modules: shared code that actions import.',
    inputs: paging(), paging: ['page'], itemsKey: 'modules', scopes: READ,
  },
  {
    id: 'create_module', label: 'Create a module', ...EARLY, method: 'POST', path: '/api/v2/actions/modules',
    description: 'Creates an actions module from its name and code (and dependencies, secrets).',
    inputs: [common.body('The module: name, code, dependencies, secrets, publish.')], scopes: ['create:actions'],
  },
  {
    id: 'get_module', label: 'Get a module', ...EARLY, method: 'GET', path: '/api/v2/actions/modules/{id}',
    description: 'Reads one actions module.', inputs: [moduleId()], scopes: READ,
  },
  {
    id: 'update_module', label: 'Update a module', ...EARLY, method: 'PATCH', path: '/api/v2/actions/modules/{id}',
    description: 'Changes a module\'s draft code, dependencies or secrets.',
    inputs: [moduleId(), common.body('The fields to change: code, dependencies, secrets.')], scopes: ['update:actions'],
  },
  {
    id: 'delete_module', label: 'Delete a module', ...EARLY, method: 'DELETE', path: '/api/v2/actions/modules/{id}',
    description: 'Deletes an actions module that no action uses.', inputs: [moduleId()], scopes: ['delete:actions'],
  },
  {
    id: 'get_module_actions', label: 'List actions using a module', ...EARLY, method: 'GET', path: '/api/v2/actions/modules/{id}/actions',
    description: 'Lists the actions that use a module.',
    inputs: [moduleId(), ...paging()], paging: ['page'], itemsKey: 'actions', scopes: READ,
  },
  {
    id: 'rollback_module', label: 'Roll back a module', ...EARLY, method: 'POST', path: '/api/v2/actions/modules/{id}/rollback',
    description: 'Makes an earlier published version of a module the current one.',
    inputs: [moduleId(), { name: 'module_version_id', in: 'body', type: 'string', required: true, description: 'The id of the module version to go back to.' }],
    scopes: ['update:actions'],
  },
  {
    id: 'get_module_versions', label: 'List module versions', ...EARLY, method: 'GET', path: '/api/v2/actions/modules/{id}/versions',
    description: 'Lists the published versions of a module.',
    inputs: [moduleId(), ...paging()], paging: ['page'], itemsKey: 'versions', scopes: READ,
  },
  {
    id: 'create_module_version', label: 'Publish a module version', ...EARLY, method: 'POST', path: '/api/v2/actions/modules/{id}/versions',
    description: 'Publishes the module\'s draft as a new immutable version.', inputs: [moduleId()], scopes: ['update:actions'],
  },
  {
    id: 'get_module_version', label: 'Get a module version', ...EARLY, method: 'GET', path: '/api/v2/actions/modules/{id}/versions/{version_id}',
    description: 'Reads one published version of a module.',
    inputs: [moduleId(), common.id('The id of the module version.', 'version_id')], scopes: READ,
  },
];

/** deploy_and_bind: its inputs are read by the executor (deploy-and-bind.ts), not sent as they are. */
const deployAndBind: OperationSpec = {
  id: 'deploy_and_bind', label: 'Deploy and bind an action', group: 'Deploy and bind',
  method: 'PATCH', path: '/api/v2/actions/triggers/{trigger}/bindings', executor: 'actions.deploy_and_bind',
  description: 'Creates the action of this name, or updates its code, dependencies, runtime and secrets; waits until Auth0 has built it; deploys it; and binds it to the trigger at the chosen position, keeping the trigger\'s other bindings. A failed build goes to Catch with the build\'s errors (in the message and msg.auth0.details.errors), and nothing is deployed or bound.',
  inputs: [
    { name: 'trigger', in: 'path', type: 'string', required: true, enum: ACTION_TRIGGERS, description: 'The trigger to bind the action to, e.g. post-login.' },
    { name: 'name', in: 'none', type: 'string', required: true, description: 'The action\'s name: found and updated if it exists, created otherwise.' },
    { name: 'code', in: 'none', type: 'string', required: true, description: 'The action\'s JavaScript source, e.g. from a template node: exports.onExecutePostLogin = async (event, api) => { … }.' },
    { name: 'dependencies', in: 'none', type: 'any', description: 'npm modules: an array of {name, version} or of "name@version", or an object {name: version}.' },
    { name: 'runtime', in: 'none', type: 'string', description: 'The Node runtime, e.g. node22; unset keeps Auth0\'s default (or the action\'s current one).' },
    { name: 'secrets', in: 'none', type: 'object', secret: true, description: 'Secrets the code reads as event.secrets: an object {NAME: value}. Set them from msg, flow, global or env.' },
    { name: 'position', in: 'none', type: 'string', enum: BIND_POSITIONS, description: 'Where the action runs among the trigger\'s bindings: last, first, index (the index input) or after (the action named by the after input). Unset: an action already bound keeps its place, a new one runs last.' },
    { name: 'index', in: 'none', type: 'integer', description: 'With position index: the zero-based place in the list.' },
    { name: 'after', in: 'none', type: 'string', description: 'With position after: the name of a bound action to run after.' },
    { name: 'display_name', in: 'none', type: 'string', description: 'The binding\'s display name; the action\'s name when unset.' },
    { name: 'timeout', in: 'none', type: 'integer', default: 60, description: 'Seconds to wait for Auth0 to build the action before failing.' },
  ],
  scopes: ['read:actions', 'create:actions', 'update:actions'],
  output: 'msg.payload is { action, version, bindings }: the action, its deployed version and the trigger\'s bindings after the update.',
};

export const actionsGroup: GroupSpec = {
  type: 'auth0-actions',
  name: 'actions',
  paletteLabel: 'actions',
  api: 'management',
  summary: 'Creates, builds, deploys and binds Auth0 Actions (the code Auth0 runs at login, signup, password change and other triggers), reads their versions and executions, and manages action modules.',
  details: [
    'An action is built by Auth0 after every create and update (status pending, then built or failed), then deployed as an immutable version, then bound to a trigger. update_trigger_bindings replaces the whole list of the trigger\'s bindings: deploy_and_bind reads the list, puts the action in place and writes the merged list back.',
    'deploy_and_bind polls the action every second or two while it builds (within the tenant\'s rate limit) and gives up after timeout seconds. Secrets are write-only: Auth0 never returns their values.',
    'Actions replace Rules and Hooks, which reached their end of life on 2026-11-18. The module operations are early access at Auth0.',
  ],
  references: [
    { title: 'Management API: Actions', url: 'https://auth0.com/docs/api/management/v2/actions/get-actions' },
    { title: 'Actions', url: 'https://auth0.com/docs/customize/actions' },
    { title: 'Actions triggers', url: 'https://auth0.com/docs/customize/actions/explore-triggers' },
  ],
  operations: [
    {
      id: 'get_actions', label: 'List actions', group: 'Actions', method: 'GET', path: '/api/v2/actions/actions',
      description: 'Lists actions, optionally only those of one trigger, of one name, deployed or installed.',
      inputs: [
        { name: 'trigger_id', wireName: 'triggerId', in: 'query', type: 'string', enum: ACTION_TRIGGERS, description: 'Only actions of this trigger.' },
        { name: 'action_name', wireName: 'actionName', in: 'query', type: 'string', description: 'Only the action of this name.' },
        { name: 'deployed', in: 'query', type: 'boolean', description: 'Only deployed actions (true).' },
        { name: 'installed', in: 'query', type: 'boolean', description: 'Only actions installed from the Marketplace (true).' },
        ...paging(),
      ],
      paging: ['page'], itemsKey: 'actions', scopes: READ,
    },
    {
      id: 'create_action', label: 'Create an action', group: 'Actions', method: 'POST', path: '/api/v2/actions/actions',
      description: 'Creates an action; Auth0 then builds it. The body needs name and supported_triggers ([{id: "post-login", version: "v3"}]).',
      inputs: [common.body('The action: name, supported_triggers, code, dependencies, runtime, secrets.')], scopes: ['create:actions'],
    },
    {
      id: 'get_action', label: 'Get an action', group: 'Actions', method: 'GET', path: '/api/v2/actions/actions/{id}',
      description: 'Reads one action, with its build status and deployed version.', inputs: [actionId()], scopes: READ,
    },
    {
      id: 'update_action', label: 'Update an action', group: 'Actions', method: 'PATCH', path: '/api/v2/actions/actions/{id}',
      description: 'Changes an action\'s draft (code, dependencies, runtime, secrets); Auth0 builds it again. Deploy to make it run.',
      inputs: [actionId(), common.body('The fields to change.')], scopes: ['update:actions'],
    },
    {
      id: 'delete_action', label: 'Delete an action', group: 'Actions', method: 'DELETE', path: '/api/v2/actions/actions/{id}',
      description: 'Deletes an action. A bound action is refused unless force is true, which also removes its bindings.',
      inputs: [actionId(), { name: 'force', in: 'query', type: 'boolean', description: 'Also remove the action\'s bindings (true).' }],
      scopes: ['delete:actions'],
    },
    {
      id: 'deploy_action', label: 'Deploy an action', group: 'Versions', method: 'POST', path: '/api/v2/actions/actions/{id}/deploy',
      description: 'Deploys the action\'s built draft as a new immutable version; bound triggers run it from then on.',
      inputs: [actionId()], scopes: ['create:actions'],
    },
    {
      id: 'test_action', label: 'Test an action', group: 'Actions', method: 'POST', path: '/api/v2/actions/actions/{id}/test',
      description: 'Runs the action\'s draft with a sample event and returns what it did.',
      inputs: [actionId(), { name: 'payload', in: 'body', type: 'object', required: true, description: 'The sample event the action receives.' }],
      scopes: ['create:actions'],
    },
    {
      id: 'get_action_versions', label: 'List versions', group: 'Versions', method: 'GET', path: '/api/v2/actions/actions/{id}/versions',
      description: 'Lists the deployed versions of an action, newest first.',
      inputs: [actionId(), ...paging()], paging: ['page'], itemsKey: 'versions', scopes: READ,
    },
    {
      id: 'get_action_version', label: 'Get a version', group: 'Versions', method: 'GET', path: '/api/v2/actions/actions/{action_id}/versions/{version_id}',
      description: 'Reads one version of an action.', inputs: [actionId('action_id'), versionId('version_id')], scopes: READ,
    },
    {
      id: 'rollback_action_version', label: 'Roll back to a version', group: 'Versions', method: 'POST',
      path: '/api/v2/actions/actions/{action_id}/versions/{version_id}/deploy',
      description: 'Deploys an earlier version again (as a new version equal to it).',
      inputs: [
        actionId('action_id'), versionId('version_id'),
        { name: 'update_draft', in: 'body', type: 'boolean', description: 'Also make that version\'s code the action\'s draft (true).' },
      ],
      scopes: ['create:actions'],
    },
    {
      id: 'get_triggers', label: 'List triggers', group: 'Triggers and bindings', method: 'GET', path: '/api/v2/actions/triggers',
      description: 'Lists the triggers actions can bind to, with their versions and runtimes.', inputs: [], scopes: READ,
    },
    {
      id: 'get_trigger_bindings', label: 'List a trigger\'s bindings', group: 'Triggers and bindings', method: 'GET',
      path: '/api/v2/actions/triggers/{id}/bindings',
      description: 'Lists the actions bound to a trigger, in the order they run.',
      inputs: [triggerId(), ...paging()], paging: ['page'], itemsKey: 'bindings', scopes: READ,
    },
    {
      id: 'update_trigger_bindings', label: 'Replace a trigger\'s bindings', group: 'Triggers and bindings', method: 'PATCH',
      path: '/api/v2/actions/triggers/{id}/bindings',
      description: 'Replaces the whole list of a trigger\'s bindings: {bindings: [{ref: {type: "action_name", value}, display_name}]}. Bindings left out are removed; deploy_and_bind keeps them.',
      inputs: [triggerId(), common.body('{bindings: [...]}: every binding the trigger keeps, in order.')], scopes: ['update:actions'],
    },
    {
      id: 'get_execution', label: 'Get an execution', group: 'Triggers and bindings', method: 'GET', path: '/api/v2/actions/executions/{id}',
      description: 'Reads the result of one execution of a trigger\'s actions (the id is in the tenant logs).',
      inputs: [common.id('The execution id.')], scopes: READ,
    },
    deployAndBind,
    ...moduleOperations,
  ],
};
