import { actionNodeModule } from '../engine/action-node';
import { networkAclsGroup } from './network-acls.catalogue';
export = actionNodeModule(networkAclsGroup);
