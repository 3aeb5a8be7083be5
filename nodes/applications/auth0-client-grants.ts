import { actionNodeModule } from '../engine/action-node';
import { clientGrantsGroup } from './client-grants.catalogue';
export = actionNodeModule(clientGrantsGroup);
