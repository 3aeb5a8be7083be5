import { actionNodeModule } from '../shared/action-node';
import { passwordlessGroup } from './passwordless.catalogue';

export = actionNodeModule(passwordlessGroup);
