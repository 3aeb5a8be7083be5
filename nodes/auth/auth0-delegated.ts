import { actionNodeModule } from '../shared/action-node';
import './executors';
import { delegatedGroup } from './delegated.catalogue';

export = actionNodeModule(delegatedGroup);
