import { actionNodeModule } from '../shared/action-node';
import { networkAclsGroup } from './network-acls.catalogue';
export = actionNodeModule(networkAclsGroup);
