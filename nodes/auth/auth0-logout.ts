import { actionNodeModule } from '../shared/action-node';
import './executors';
import { logoutGroup } from './logout.catalogue';

export = actionNodeModule(logoutGroup);
