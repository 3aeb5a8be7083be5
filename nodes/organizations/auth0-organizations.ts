import { actionNodeModule } from '../engine/action-node';
import { organizationsGroup } from './organizations.catalogue';
export = actionNodeModule(organizationsGroup);
