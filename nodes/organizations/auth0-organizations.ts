import { actionNodeModule } from '../shared/action-node';
import { organizationsGroup } from './organizations.catalogue';
export = actionNodeModule(organizationsGroup);
