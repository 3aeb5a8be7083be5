import { actionNodeModule } from '../engine/action-node';
import './executors';
import { delegatedGroup } from './delegated.catalogue';

export = actionNodeModule(delegatedGroup);
