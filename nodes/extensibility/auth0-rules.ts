import { actionNodeModule } from '../shared/action-node';
import { rulesGroup } from './rules.catalogue';
export = actionNodeModule(rulesGroup);
