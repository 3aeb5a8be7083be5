import { actionNodeModule } from '../shared/action-node';
import { socialGroup } from './social.catalogue';

export = actionNodeModule(socialGroup);
