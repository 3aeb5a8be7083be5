import { actionNodeModule } from '../engine/action-node';
import { resourceServersGroup } from './resource-servers.catalogue';
export = actionNodeModule(resourceServersGroup);
