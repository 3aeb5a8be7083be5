import { actionNodeModule } from '../shared/action-node';
import { rulesConfigsGroup } from './rules-configs.catalogue';
export = actionNodeModule(rulesConfigsGroup);
