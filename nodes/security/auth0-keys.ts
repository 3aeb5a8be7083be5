import { actionNodeModule } from '../shared/action-node';
import { keysGroup } from './keys.catalogue';
export = actionNodeModule(keysGroup);
