import { actionNodeModule } from '../engine/action-node';
import { customDomainsGroup } from './custom-domains.catalogue';
export = actionNodeModule(customDomainsGroup);
