import { actionNodeModule } from '../shared/action-node';
import { clientGrantsGroup } from './client-grants.catalogue';
export = actionNodeModule(clientGrantsGroup);
