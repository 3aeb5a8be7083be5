/**
 * Every routes module of the emulator, in registration order.
 * Add a group with two one-line edits: its import, and its entry in the list.
 */
import type { RoutesModule } from '../core/types';
import { registerControlRoutes } from './control';
import { registerAuthRoutes } from './auth';
import { registerDatabaseRoutes } from './auth-database';
import { registerPasswordlessRoutes } from './auth-passwordless';
import { registerLegacyAuthRoutes } from './auth-legacy';
import { registerFlowRoutes } from './auth-flows';
import { registerFederationRoutes } from './auth-federation';
import { registerFlowControlRoutes } from './auth-flow-control';
import { registerUsersRoutes } from './users';
import { registerUsersByEmailRoutes } from './users-by-email';
import { registerUserBlocksRoutes } from './user-blocks';
import { registerTicketsRoutes } from './tickets';
import { registerRolesRoutes } from './roles';
import { registerOrganizationsRoutes } from './organizations';
import { registerLogsRoutes } from './logs';
import { registerJobs } from './jobs';
import { registerClients } from './clients';
import { registerClientCredentials } from './client-credentials';
import { registerClientGrants } from './client-grants';
import { registerConnections } from './connections';
import { registerCustomDomains } from './custom-domains';
import { registerDeviceCredentials } from './device-credentials';
import { registerEmailTemplates } from './email-templates';
import { registerEmails } from './emails';
import { registerGrants } from './grants';
import { registerGuardian } from './guardian';
import { registerHooks } from './hooks';
import { registerLogStreams } from './log-streams';
import { registerPrompts } from './prompts';
import { registerResourceServers } from './resource-servers';
import { registerRules } from './rules';
import { registerRulesConfigs } from './rules-configs';
import { registerStats } from './stats';
import { registerTenants } from './tenants';
import { registerBlacklists } from './blacklists';
import { registerSecurityResources } from './security-resources';
import { registerBranding } from './branding';
import { registerKeys } from './keys';
import { registerIdentityResources } from './identity-resources';
import { registerSelfServiceProfiles } from './self-service-profiles';
import { registerGroups } from './groups';
import { registerConnectionSettings } from './connection-settings';
import { registerOrganizationLinks } from './organization-links';
import { registerUserConnectedAccounts } from './user-connected-accounts';
import { registerActions } from './actions';
import { registerActionModules } from './action-modules';
import { registerSessions } from './sessions';
import { registerRefreshTokens } from './refresh-tokens';
import { registerAuthenticationMethods } from './authentication-methods';
import { registerEventStreams } from './event-streams';
import { registerUniversalLoginRoutes } from './universal-login';

export const routeModules: RoutesModule[] = [
  registerControlRoutes,
  registerAuthRoutes,
  registerDatabaseRoutes,
  registerPasswordlessRoutes,
  registerLegacyAuthRoutes,
  registerFlowRoutes,
  registerFederationRoutes,
  registerFlowControlRoutes,
  registerUsersRoutes,
  registerUsersByEmailRoutes,
  registerUserBlocksRoutes,
  registerTicketsRoutes,
  registerRolesRoutes,
  registerOrganizationsRoutes,
  registerLogsRoutes,
  registerJobs,
  registerClients,
  registerClientCredentials,
  registerClientGrants,
  registerConnections,
  registerCustomDomains,
  registerDeviceCredentials,
  registerEmailTemplates,
  registerEmails,
  registerGrants,
  registerGuardian,
  registerHooks,
  registerLogStreams,
  registerPrompts,
  registerResourceServers,
  registerRules,
  registerRulesConfigs,
  registerStats,
  registerTenants,
  registerBlacklists,
  registerSecurityResources,
  registerBranding,
  registerKeys,
  registerIdentityResources,
  registerSelfServiceProfiles,
  registerGroups,
  registerConnectionSettings,
  registerOrganizationLinks,
  registerUserConnectedAccounts,
  registerActions,
  registerActionModules,
  registerSessions,
  registerRefreshTokens,
  registerAuthenticationMethods,
  registerEventStreams,
  registerUniversalLoginRoutes,
];
