import { actionNodeModule } from '../shared/action-node';
import { tokenGroup } from './token.catalogue';

export = actionNodeModule(tokenGroup);
