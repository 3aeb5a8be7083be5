/**
 * The request table for every management operation of the catalogues: one cases file per family of
 * nodes/ (applications, connections, extensibility, jobs, logs, organizations, roles, security,
 * tenant, users), plus the security and branding groups and the actions and offboarding ones.
 *
 * Each case gives the inputs a flow would set, the exact Auth0 Management API v2 request they must
 * produce, and, where the official `auth0` SDK (v7) still offers the operation, the SDK call that
 * sends the same request. Where the SDK no longer has the operation (or a parameter), `source`
 * names where the expected request comes from instead (auth0-python 4.x, whose signatures the
 * specification follows). request-shapes.test.ts builds each request, sdk-parity.test.ts compares
 * it with the SDK's.
 */
import type { GroupSpec } from '../../../nodes/shared/catalogue';
import type { RequestCase } from './shared';
import { agentsGroup } from '../../../nodes/applications/agents.catalogue';
import { blacklistsGroup } from '../../../nodes/security/blacklists.catalogue';
import { clientGrantsGroup } from '../../../nodes/applications/client-grants.catalogue';
import { clientsGroup } from '../../../nodes/applications/clients.catalogue';
import { connectionProfilesGroup } from '../../../nodes/connections/connection-profiles.catalogue';
import { connectionsGroup } from '../../../nodes/connections/connections.catalogue';
import { customDomainsGroup } from '../../../nodes/connections/custom-domains.catalogue';
import { deviceCredentialsGroup } from '../../../nodes/applications/device-credentials.catalogue';
import { emailTemplatesGroup } from '../../../nodes/tenant/email-templates.catalogue';
import { emailsGroup } from '../../../nodes/tenant/emails.catalogue';
import { experimentationGroup } from '../../../nodes/tenant/experimentation.catalogue';
import { flowsGroup } from '../../../nodes/extensibility/flows.catalogue';
import { formsGroup } from '../../../nodes/extensibility/forms.catalogue';
import { grantsGroup } from '../../../nodes/applications/grants.catalogue';
import { groupsGroup } from '../../../nodes/roles/groups.catalogue';
import { guardianGroup } from '../../../nodes/security/guardian.catalogue';
import { hooksGroup } from '../../../nodes/extensibility/hooks.catalogue';
import { jobsGroup } from '../../../nodes/jobs/jobs.catalogue';
import { logStreamsGroup } from '../../../nodes/logs/log-streams.catalogue';
import { logsGroup } from '../../../nodes/logs/logs.catalogue';
import { organizationsGroup } from '../../../nodes/organizations/organizations.catalogue';
import { promptsGroup } from '../../../nodes/tenant/prompts.catalogue';
import { resourceServersGroup } from '../../../nodes/applications/resource-servers.catalogue';
import { rolesGroup } from '../../../nodes/roles/roles.catalogue';
import { rulesConfigsGroup } from '../../../nodes/extensibility/rules-configs.catalogue';
import { rulesGroup } from '../../../nodes/extensibility/rules.catalogue';
import { selfServiceProfilesGroup } from '../../../nodes/connections/self-service-profiles.catalogue';
import { statsGroup } from '../../../nodes/tenant/stats.catalogue';
import { tenantsGroup } from '../../../nodes/tenant/tenants.catalogue';
import { ticketsGroup } from '../../../nodes/users/tickets.catalogue';
import { tokenExchangeProfilesGroup } from '../../../nodes/applications/token-exchange-profiles.catalogue';
import { userAttributeProfilesGroup } from '../../../nodes/connections/user-attribute-profiles.catalogue';
import { userBlocksGroup } from '../../../nodes/users/user-blocks.catalogue';
import { usersByEmailGroup } from '../../../nodes/users/users-by-email.catalogue';
import { usersGroup } from '../../../nodes/users/users.catalogue';
import { verifiableCredentialsGroup } from '../../../nodes/security/verifiable-credentials.catalogue';
import { SECURITY_BRANDING_CASES, SECURITY_BRANDING_GROUPS } from './security-branding';
import { ACTIONS_OFFBOARDING_CASES, ACTIONS_OFFBOARDING_GROUPS } from './actions-offboarding';
import { ROLES_CASES } from './roles';
import { ORGANIZATIONS_CASES } from './organizations';
import { APPLICATIONS_CASES } from './applications';
import { CONNECTIONS_CASES } from './connections';
import { SECURITY_CASES } from './security';
import { TENANT_CASES } from './tenant';
import { EXTENSIBILITY_CASES } from './extensibility';
import { LOGS_CASES } from './logs';
import { JOBS_CASES } from './jobs';
import { USERS_CASES } from './users';

export { CUSTOM_DOMAIN, E, ODD, type ExpectedRequest, type RequestCase } from './shared';

/** The groups these cases cover: every operation of each has at least one case. */
export const GROUPS: readonly GroupSpec[] = [
  blacklistsGroup,
  clientGrantsGroup,
  clientsGroup,
  connectionsGroup,
  customDomainsGroup,
  deviceCredentialsGroup,
  emailTemplatesGroup,
  emailsGroup,
  grantsGroup,
  guardianGroup,
  hooksGroup,
  jobsGroup,
  logStreamsGroup,
  logsGroup,
  organizationsGroup,
  promptsGroup,
  resourceServersGroup,
  rolesGroup,
  rulesGroup,
  rulesConfigsGroup,
  statsGroup,
  tenantsGroup,
  ticketsGroup,
  userBlocksGroup,
  usersByEmailGroup,
  usersGroup,
  ...SECURITY_BRANDING_GROUPS,
  // Groups of today's Auth0 beyond the specification.
  agentsGroup,
  connectionProfilesGroup,
  experimentationGroup,
  flowsGroup,
  formsGroup,
  groupsGroup,
  selfServiceProfilesGroup,
  tokenExchangeProfilesGroup,
  userAttributeProfilesGroup,
  verifiableCredentialsGroup,
  ...ACTIONS_OFFBOARDING_GROUPS,
];

export const CASES: readonly RequestCase[] = [
  ...ROLES_CASES,
  ...ORGANIZATIONS_CASES,
  ...APPLICATIONS_CASES,
  ...CONNECTIONS_CASES,
  ...SECURITY_CASES,
  ...TENANT_CASES,
  ...EXTENSIBILITY_CASES,
  ...LOGS_CASES,
  ...JOBS_CASES,
  ...USERS_CASES,
  ...SECURITY_BRANDING_CASES,
  ...ACTIONS_OFFBOARDING_CASES,
];
