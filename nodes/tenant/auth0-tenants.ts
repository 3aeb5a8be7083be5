import { actionNodeModule } from '../shared/action-node';
import { tenantsGroup } from './tenants.catalogue';
export = actionNodeModule(tenantsGroup);
