import { actionNodeModule } from '../engine/action-node';
import { rateLimitPoliciesGroup } from './rate-limit-policies.catalogue';
export = actionNodeModule(rateLimitPoliciesGroup);
