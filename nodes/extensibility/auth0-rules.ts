import { actionNodeModule } from '../engine/action-node';
import { rulesGroup } from './rules.catalogue';
export = actionNodeModule(rulesGroup);
