import { actionNodeModule } from '../engine/action-node';
import { tenantsGroup } from './tenants.catalogue';
export = actionNodeModule(tenantsGroup);
