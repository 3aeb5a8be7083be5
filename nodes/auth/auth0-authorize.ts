import { actionNodeModule } from '../engine/action-node';
import './executors';
import './flow-executors';
import { authorizeGroup } from './authorize.catalogue';

export = actionNodeModule(authorizeGroup);
