import { actionNodeModule } from '../engine/action-node';
import { clientsGroup } from './clients.catalogue';
export = actionNodeModule(clientsGroup);
