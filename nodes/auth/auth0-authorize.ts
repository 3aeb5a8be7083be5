import { actionNodeModule } from '../shared/action-node';
import './executors';
import { authorizeGroup } from './authorize.catalogue';

export = actionNodeModule(authorizeGroup);
