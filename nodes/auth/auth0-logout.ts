import { actionNodeModule } from '../engine/action-node';
import './executors';
import './flow-executors';
import { logoutGroup } from './logout.catalogue';

export = actionNodeModule(logoutGroup);
