/**
 * Every routes module of the emulator, in registration order: the control endpoint, the
 * Authentication API (authentication/), then the Management API by family (management/<family>/,
 * the families of nodes/). A routes module is a `<group>.routes.ts` file exporting
 * `register<Group>Routes: RoutesModule`; add one with two one-line edits: its import, and its entry here.
 */
import type { RoutesModule } from './core/types';
import { registerControlRoutes } from './control/control.routes';
import { registerAuthFlowsControlRoutes } from './control/auth-flows-control.routes';
import { registerOAuthRoutes } from './authentication/oauth.routes';
import { registerDatabaseRoutes } from './authentication/database.routes';
import { registerPasswordlessRoutes } from './authentication/passwordless.routes';
import { registerLegacyAuthRoutes } from './authentication/legacy.routes';
import { registerFlowRoutes } from './authentication/flows.routes';
import { registerFederationRoutes } from './authentication/federation.routes';
import { registerUniversalLoginRoutes } from './authentication/universal-login.routes';
import { registerUsersRoutes } from './management/users/users.routes';
import { registerUsersByEmailRoutes } from './management/users/users-by-email.routes';
import { registerUserBlocksRoutes } from './management/users/user-blocks.routes';
import { registerTicketsRoutes } from './management/users/tickets.routes';
import { registerConnectedAccountsRoutes } from './management/users/connected-accounts.routes';
import { registerAuthenticationMethodsRoutes } from './management/users/authentication-methods.routes';
import { registerRolesRoutes } from './management/roles/roles.routes';
import { registerGroupsRoutes } from './management/roles/groups.routes';
import { registerOrganizationsRoutes } from './management/organizations/organizations.routes';
import { registerOrganizationLinksRoutes } from './management/organizations/organization-links.routes';
import { registerJobsRoutes } from './management/jobs/jobs.routes';
import { registerLogsRoutes } from './management/logs/logs.routes';
import { registerLogStreamsRoutes } from './management/logs/log-streams.routes';
import { registerClientsRoutes } from './management/applications/clients.routes';
import { registerClientCredentialsRoutes } from './management/applications/client-credentials.routes';
import { registerClientGrantsRoutes } from './management/applications/client-grants.routes';
import { registerDeviceCredentialsRoutes } from './management/applications/device-credentials.routes';
import { registerGrantsRoutes } from './management/applications/grants.routes';
import { registerResourceServersRoutes } from './management/applications/resource-servers.routes';
import { registerTokenExchangeProfilesAndAgentsRoutes } from './management/applications/token-exchange-profiles-and-agents.routes';
import { registerConnectionsRoutes } from './management/connections/connections.routes';
import { registerCustomDomainsRoutes } from './management/connections/custom-domains.routes';
import { registerSelfServiceProfilesRoutes } from './management/connections/self-service-profiles.routes';
import { registerConnectionSettingsRoutes } from './management/connections/connection-settings.routes';
import { registerProfilesRoutes } from './management/connections/profiles.routes';
import { registerGuardianRoutes } from './management/security/guardian.routes';
import { registerBlacklistsRoutes } from './management/security/blacklists.routes';
import { registerSecurityResourcesRoutes } from './management/security/security-resources.routes';
import { registerKeysRoutes } from './management/security/keys.routes';
import { registerVerifiableCredentialsRoutes } from './management/security/verifiable-credentials.routes';
import { registerBrandingRoutes } from './management/branding/branding.routes';
import { registerEmailTemplatesRoutes } from './management/tenant/email-templates.routes';
import { registerEmailsRoutes } from './management/tenant/emails.routes';
import { registerPromptsRoutes } from './management/tenant/prompts.routes';
import { registerStatsRoutes } from './management/tenant/stats.routes';
import { registerTenantsRoutes } from './management/tenant/tenants.routes';
import { registerExperimentationRoutes } from './management/tenant/experimentation.routes';
import { registerHooksRoutes } from './management/extensibility/hooks.routes';
import { registerRulesRoutes } from './management/extensibility/rules.routes';
import { registerRulesConfigsRoutes } from './management/extensibility/rules-configs.routes';
import { registerFormsAndFlowsRoutes } from './management/extensibility/forms-and-flows.routes';
import { registerActionsRoutes } from './management/actions/actions.routes';
import { registerActionModulesRoutes } from './management/actions/action-modules.routes';
import { registerEventStreamsRoutes } from './management/events/event-streams.routes';
import { registerSessionsRoutes } from './management/sessions/sessions.routes';
import { registerRefreshTokensRoutes } from './management/sessions/refresh-tokens.routes';

export const routeModules: RoutesModule[] = [
  // Control
  registerControlRoutes,
  registerAuthFlowsControlRoutes,
  // Authentication API
  registerOAuthRoutes,
  registerDatabaseRoutes,
  registerPasswordlessRoutes,
  registerLegacyAuthRoutes,
  registerFlowRoutes,
  registerFederationRoutes,
  registerUniversalLoginRoutes,
  // Management API: users
  registerUsersRoutes,
  registerUsersByEmailRoutes,
  registerUserBlocksRoutes,
  registerTicketsRoutes,
  registerConnectedAccountsRoutes,
  registerAuthenticationMethodsRoutes,
  // Management API: roles
  registerRolesRoutes,
  registerGroupsRoutes,
  // Management API: organizations
  registerOrganizationsRoutes,
  registerOrganizationLinksRoutes,
  // Management API: jobs
  registerJobsRoutes,
  // Management API: logs
  registerLogsRoutes,
  registerLogStreamsRoutes,
  // Management API: applications
  registerClientsRoutes,
  registerClientCredentialsRoutes,
  registerClientGrantsRoutes,
  registerDeviceCredentialsRoutes,
  registerGrantsRoutes,
  registerResourceServersRoutes,
  registerTokenExchangeProfilesAndAgentsRoutes,
  // Management API: connections
  registerConnectionsRoutes,
  registerCustomDomainsRoutes,
  registerSelfServiceProfilesRoutes,
  registerConnectionSettingsRoutes,
  registerProfilesRoutes,
  // Management API: security
  registerGuardianRoutes,
  registerBlacklistsRoutes,
  registerSecurityResourcesRoutes,
  registerKeysRoutes,
  registerVerifiableCredentialsRoutes,
  // Management API: branding
  registerBrandingRoutes,
  // Management API: tenant
  registerEmailTemplatesRoutes,
  registerEmailsRoutes,
  registerPromptsRoutes,
  registerStatsRoutes,
  registerTenantsRoutes,
  registerExperimentationRoutes,
  // Management API: extensibility
  registerHooksRoutes,
  registerRulesRoutes,
  registerRulesConfigsRoutes,
  registerFormsAndFlowsRoutes,
  // Management API: actions
  registerActionsRoutes,
  registerActionModulesRoutes,
  // Management API: events
  registerEventStreamsRoutes,
  // Management API: sessions
  registerSessionsRoutes,
  registerRefreshTokensRoutes,
];
