import { actionNodeModule } from '../shared/action-node';
import { customDomainsGroup } from './custom-domains.catalogue';
export = actionNodeModule(customDomainsGroup);
