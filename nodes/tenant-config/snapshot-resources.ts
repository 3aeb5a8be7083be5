/**
 * What a tenant snapshot holds, as data: for each configuration resource, the catalogue
 * operation(s) that read it, the fields that name an item, and the few secrets and volatile fields
 * Auth0's description does not tell (secrets are found by rule, timestamps from the description:
 * snapshot-reader.ts). The reader (snapshot-reader.ts) knows nothing of any one
 * resource; adding one is an entry here (and an emulator route when the emulator lacks it).
 *
 * Users, logs, sessions, grants, device credentials, groups and other data that are not
 * configuration stay out, as do statistics and jobs.
 *
 * Paths are dotted, relative to one item; a segment may hold `*` (any characters of one key) and
 * the segment `**` stands for any number of segments (see snapshot-paths.ts).
 */
import { CUSTOM_TEXT_PROMPTS } from '../tenant/prompts.catalogue';
import type { GroupSpec } from '../shared/catalogue';
import { actionsGroup } from '../actions/actions.catalogue';
import { clientGrantsGroup } from '../applications/client-grants.catalogue';
import { clientsGroup } from '../applications/clients.catalogue';
import { resourceServersGroup } from '../applications/resource-servers.catalogue';
import { tokenExchangeProfilesGroup } from '../applications/token-exchange-profiles.catalogue';
import { brandingGroup } from '../branding/branding.catalogue';
import { connectionProfilesGroup } from '../connections/connection-profiles.catalogue';
import { connectionsGroup } from '../connections/connections.catalogue';
import { customDomainsGroup } from '../connections/custom-domains.catalogue';
import { selfServiceProfilesGroup } from '../connections/self-service-profiles.catalogue';
import { userAttributeProfilesGroup } from '../connections/user-attribute-profiles.catalogue';
import { eventStreamsGroup } from '../events/event-streams.catalogue';
import { flowsGroup } from '../extensibility/flows.catalogue';
import { formsGroup } from '../extensibility/forms.catalogue';
import { hooksGroup } from '../extensibility/hooks.catalogue';
import { rulesConfigsGroup } from '../extensibility/rules-configs.catalogue';
import { rulesGroup } from '../extensibility/rules.catalogue';
import { logStreamsGroup } from '../logs/log-streams.catalogue';
import { organizationsGroup } from '../organizations/organizations.catalogue';
import { rolesGroup } from '../roles/roles.catalogue';
import { attackProtectionGroup } from '../security/attack-protection.catalogue';
import { guardianGroup } from '../security/guardian.catalogue';
import { keysGroup } from '../security/keys.catalogue';
import { networkAclsGroup } from '../security/network-acls.catalogue';
import { rateLimitPoliciesGroup } from '../security/rate-limit-policies.catalogue';
import { riskAssessmentsGroup } from '../security/risk-assessments.catalogue';
import { supplementalSignalsGroup } from '../security/supplemental-signals.catalogue';
import { emailTemplatesGroup } from '../tenant/email-templates.catalogue';
import { emailsGroup } from '../tenant/emails.catalogue';
import { promptsGroup } from '../tenant/prompts.catalogue';
import { tenantsGroup } from '../tenant/tenants.catalogue';

/** One catalogue operation and the inputs the snapshot gives it. */
export interface CatalogueRead {
  group: GroupSpec;
  op: string;
  values?: Record<string, unknown>;
  /** Inputs whose specification default would narrow the read (`rules` `enabled=true`): sent unset. */
  withoutDefaults?: readonly string[];
}

/** A read made for each item of a collection, its answer kept in the item under `key`. */
export interface ItemDetail {
  key: string;
  read: CatalogueRead;
  /** The path input that takes the item's id. */
  input: string;
  /** Fields kept of each detail entry (others dropped); all when unset. */
  fields?: readonly string[];
  /** Detail entries are sorted by these fields, so the service's order does not count. */
  sortBy?: readonly string[];
}

/** A collection read once per combination of known values (e-mail templates by name). */
export interface EachValue {
  input: string;
  /** The values; unset: the allowed values (`enum`) of the read's input. */
  values?: readonly string[];
  /** Values taken from another resource of the same snapshot (read before this one). */
  fromResource?: { resource: string; path: string; fallback: readonly string[] };
}

export interface SnapshotResource {
  /** Key in `resources` and in change messages (`msg.topic` `<name>.<change>`). */
  name: string;
  /** Words for the help, the summary and a singleton's change message. */
  label: string;
  kind: 'collection' | 'singleton';
  read: CatalogueRead;
  /** Collections: the id field(s) of an item (several are joined with `/`). */
  id?: string | readonly string[];
  /** Collections: the field that names an item for people. */
  nameField?: string;
  /** Collections read per value combination instead of listed; `read` is the get. */
  each?: readonly EachValue[];
  /** Collections whose list is a summary: each item is read again in full with this get. */
  full?: { read: CatalogueRead; input: string };
  details?: readonly ItemDetail[];
  /**
   * Paths of secrets beyond the rule: values Auth0's description says nothing of that are secrets
   * all the same. Every secret Auth0's description marks or names, and every value under a
   * secret's name (nodes/shared/secret-names.ts), is a fingerprint without being listed.
   */
  secrets?: readonly string[];
  /** User-facing texts keyed by screen and text (custom texts): a key such as `wrong-credentials` names a text, not a secret. */
  texts?: boolean;
  /** Paths left out of the snapshot: they change without anyone changing the configuration. */
  volatile?: readonly string[];
  /** Fields kept of each item (or of the singleton); all when unset. */
  fields?: readonly string[];
}

/**
 * Volatile everywhere: counters and timestamps the service moves on its own that Auth0's
 * description does not give as `*_at` date-times (those come from the description: each read's
 * `answerPaths` volatile, nodes/descriptions).
 */
export const VOLATILE_EVERYWHERE: readonly string[] = ['**.last_login', '**.logins_count', '**.last_updated'];

const singleton = (name: string, label: string, group: GroupSpec, op: string, more: Partial<SnapshotResource> = {}): SnapshotResource => ({
  name,
  label,
  kind: 'singleton',
  read: { group, op },
  ...more,
});

const collection = (
  name: string,
  label: string,
  group: GroupSpec,
  op: string,
  id: string | readonly string[],
  nameField: string | undefined,
  more: Partial<SnapshotResource> = {},
): SnapshotResource => ({ name, label, kind: 'collection', read: { group, op }, id, ...(nameField ? { nameField } : {}), ...more });

/** Every resource of a snapshot, in the order read (tenant settings first: prompts' custom texts use its languages). */
export const SNAPSHOT_RESOURCES: readonly SnapshotResource[] = [
  singleton('tenant_settings', 'tenant settings', tenantsGroup, 'get'),
  collection('clients', 'applications', clientsGroup, 'all', 'client_id', 'name'),
  collection('resource_servers', 'APIs', resourceServersGroup, 'get_all', 'id', 'name'),
  collection('client_grants', 'client grants', clientGrantsGroup, 'all', 'id', 'audience'),
  collection('connections', 'connections', connectionsGroup, 'all', 'id', 'name', {
    // The connection's `enabled_clients` is deprecated: the enabled applications are read apart, as `clients`.
    volatile: ['enabled_clients'],
    // A custom database's configuration values are its secrets (database passwords, API keys), whatever their names.
    secrets: ['options.configuration.*'],
    details: [{ key: 'clients', read: { group: connectionsGroup, op: 'get_clients' }, input: 'id', fields: ['client_id'], sortBy: ['client_id'] }],
  }),
  collection('roles', 'roles', rolesGroup, 'list', 'id', 'name', {
    details: [
      {
        key: 'permissions',
        read: { group: rolesGroup, op: 'list_permissions' },
        input: 'id',
        fields: ['resource_server_identifier', 'permission_name'],
        sortBy: ['resource_server_identifier', 'permission_name'],
      },
    ],
  }),
  collection('actions', 'actions', actionsGroup, 'get_actions', 'id', 'name', {
    volatile: ['status', '*_version.status', '*_version.build_time', '*_version.deployed'],
  }),
  collection('action_triggers', 'action trigger bindings', actionsGroup, 'get_triggers', 'id', 'id', {
    fields: ['id'],
    details: [
      { key: 'bindings', read: { group: actionsGroup, op: 'get_trigger_bindings' }, input: 'id', fields: ['display_name', 'action.id', 'action.name'] },
    ],
  }),
  collection('organizations', 'organizations', organizationsGroup, 'all_organizations', 'id', 'name', {
    details: [
      {
        key: 'enabled_connections',
        read: { group: organizationsGroup, op: 'all_organization_connections' },
        input: 'id',
        fields: ['connection_id', 'assign_membership_on_login', 'show_as_button', 'is_signup_enabled'],
        sortBy: ['connection_id'],
      },
    ],
  }),
  singleton('branding', 'branding', brandingGroup, 'get'),
  singleton('branding_theme', 'branding theme', brandingGroup, 'get_default_branding_theme'),
  singleton('branding_template', 'Universal Login page template', brandingGroup, 'get_template_universal_login'),
  collection('phone_providers', 'phone providers', brandingGroup, 'all_phone_providers', 'id', 'name'),
  collection('phone_templates', 'phone templates', brandingGroup, 'all_phone_templates', 'id', 'type'),
  singleton('prompts', 'prompt settings', promptsGroup, 'get'),
  collection('prompt_custom_texts', 'prompt custom texts', promptsGroup, 'get_custom_text', ['prompt', 'language'], undefined, {
    texts: true,
    each: [
      { input: 'prompt', values: CUSTOM_TEXT_PROMPTS },
      { input: 'language', fromResource: { resource: 'tenant_settings', path: 'enabled_locales', fallback: ['en'] } },
    ],
  }),
  collection('prompt_renderings', 'prompt renderings', promptsGroup, 'all_renderings', ['prompt', 'screen'], undefined),
  collection('email_templates', 'e-mail templates', emailTemplatesGroup, 'get', 'template_name', undefined, {
    // The template names are the catalogue input's values (from Auth0's API description).
    each: [{ input: 'template_name' }],
  }),
  singleton('email_provider', 'e-mail provider', emailsGroup, 'get'),
  collection('mfa_factors', 'MFA factors', guardianGroup, 'all_factors', 'name', 'name'),
  singleton('mfa_policies', 'MFA policies', guardianGroup, 'get_policies'),
  singleton('mfa_phone_provider', 'MFA phone provider', guardianGroup, 'get_phone_selected_provider'),
  singleton('mfa_phone_message_types', 'MFA phone message types', guardianGroup, 'get_phone_message_types'),
  singleton('mfa_phone_templates', 'MFA phone templates', guardianGroup, 'get_phone_templates'),
  singleton('mfa_twilio', 'MFA Twilio settings', guardianGroup, 'get_phone_twilio_provider'),
  singleton('mfa_push_provider', 'MFA push provider', guardianGroup, 'get_push_notification_selected_provider'),
  singleton('mfa_sns', 'MFA push (Amazon SNS) settings', guardianGroup, 'get_sns_provider'),
  singleton('mfa_duo', 'MFA Duo settings', guardianGroup, 'get_duo_settings'),
  singleton('attack_protection_breached_passwords', 'breached password detection', attackProtectionGroup, 'get_breached_password_detection'),
  singleton('attack_protection_brute_force', 'brute-force protection', attackProtectionGroup, 'get_brute_force_protection'),
  singleton('attack_protection_suspicious_ips', 'suspicious IP throttling', attackProtectionGroup, 'get_suspicious_ip_throttling'),
  singleton('attack_protection_bot_detection', 'bot detection', attackProtectionGroup, 'get_bot_detection'),
  singleton('attack_protection_captcha', 'CAPTCHA', attackProtectionGroup, 'get_captcha'),
  singleton('attack_protection_phone_providers', 'phone provider protection', attackProtectionGroup, 'get_phone_provider_protection'),
  singleton('risk_assessments', 'risk assessment settings', riskAssessmentsGroup, 'get_settings'),
  singleton('risk_assessments_new_device', 'new-device risk assessment', riskAssessmentsGroup, 'get_new_device_settings'),
  singleton('supplemental_signals', 'supplemental signals', supplementalSignalsGroup, 'get'),
  collection('log_streams', 'log streams', logStreamsGroup, 'list', 'id', 'name', {
    // A Sumo Logic source address is a URL with its collector's token in it.
    secrets: ['sink.sumoSourceAddress'],
  }),
  collection('event_streams', 'event streams', eventStreamsGroup, 'list', 'id', 'name'),
  collection('custom_domains', 'custom domains', customDomainsGroup, 'all', 'custom_domain_id', 'domain', {
    // Not date-times in Auth0's description, but moved by the service all the same.
    volatile: ['verification.last_verified_at', 'certificate.renews_before'],
  }),
  collection('network_acls', 'network ACLs', networkAclsGroup, 'all', 'id', 'description'),
  collection('forms', 'forms', formsGroup, 'list', 'id', 'name', {
    full: { read: { group: formsGroup, op: 'get' }, input: 'id' },
  }),
  collection('flows', 'flows', flowsGroup, 'list', 'id', 'name', {
    full: { read: { group: flowsGroup, op: 'get' }, input: 'id' },
  }),
  collection('flows_vault_connections', 'flows vault connections', flowsGroup, 'list_vault_connections', 'id', 'name', {
    volatile: ['fingerprint'],
  }),
  collection('hooks', 'hooks', hooksGroup, 'all', 'id', 'name', { read: { group: hooksGroup, op: 'all', withoutDefaults: ['enabled'] } }),
  collection('rules', 'rules', rulesGroup, 'all', 'id', 'name', { read: { group: rulesGroup, op: 'all', withoutDefaults: ['enabled', 'stage'] } }),
  collection('rules_configs', 'rules configs', rulesConfigsGroup, 'all', 'key', 'key'),
  collection('self_service_profiles', 'self-service SSO profiles', selfServiceProfilesGroup, 'all', 'id', 'name'),
  collection('connection_profiles', 'connection profiles', connectionProfilesGroup, 'list', 'id', 'name'),
  collection('user_attribute_profiles', 'user attribute profiles', userAttributeProfilesGroup, 'list', 'id', 'name'),
  collection('token_exchange_profiles', 'token exchange profiles', tokenExchangeProfilesGroup, 'list', 'id', 'name'),
  collection('rate_limit_policies', 'rate limit policies', rateLimitPoliciesGroup, 'all', 'id', 'name'),
  collection('signing_keys', 'signing keys', keysGroup, 'all_signing_keys', 'kid', 'kid'),
];

/** A resource by its name. */
export function snapshotResource(name: string): SnapshotResource | undefined {
  return SNAPSHOT_RESOURCES.find((resource) => resource.name === name);
}
