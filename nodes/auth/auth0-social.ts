import { actionNodeModule } from '../engine/action-node';
import { socialGroup } from './social.catalogue';

export = actionNodeModule(socialGroup);
