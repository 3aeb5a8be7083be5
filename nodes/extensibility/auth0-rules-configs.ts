import { actionNodeModule } from '../engine/action-node';
import { rulesConfigsGroup } from './rules-configs.catalogue';
export = actionNodeModule(rulesConfigsGroup);
