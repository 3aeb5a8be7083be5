import { actionNodeModule } from '../shared/action-node';
import { resourceServersGroup } from './resource-servers.catalogue';
export = actionNodeModule(resourceServersGroup);
