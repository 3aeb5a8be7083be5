import { actionNodeModule } from '../engine/action-node';
import './executors';
import { userinfoGroup } from './userinfo.catalogue';

export = actionNodeModule(userinfoGroup);
