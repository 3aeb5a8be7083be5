import { actionNodeModule } from '../shared/action-node';
import { connectionsGroup } from './connections.catalogue';
export = actionNodeModule(connectionsGroup);
