import { actionNodeModule } from '../shared/action-node';
import { clientsGroup } from './clients.catalogue';
export = actionNodeModule(clientsGroup);
