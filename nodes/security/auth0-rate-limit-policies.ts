import { actionNodeModule } from '../shared/action-node';
import { rateLimitPoliciesGroup } from './rate-limit-policies.catalogue';
export = actionNodeModule(rateLimitPoliciesGroup);
