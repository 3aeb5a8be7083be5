import { actionNodeModule } from '../shared/action-node';
import { attackProtectionGroup } from './attack-protection.catalogue';
export = actionNodeModule(attackProtectionGroup);
