import { actionNodeModule } from '../shared/action-node';
import { statsGroup } from './stats.catalogue';
export = actionNodeModule(statsGroup);
