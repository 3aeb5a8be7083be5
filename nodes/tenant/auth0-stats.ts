import { actionNodeModule } from '../engine/action-node';
import { statsGroup } from './stats.catalogue';
export = actionNodeModule(statsGroup);
