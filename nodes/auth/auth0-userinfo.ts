import { actionNodeModule } from '../shared/action-node';
import './executors';
import { userinfoGroup } from './userinfo.catalogue';

export = actionNodeModule(userinfoGroup);
