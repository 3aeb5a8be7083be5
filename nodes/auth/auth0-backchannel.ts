import { actionNodeModule } from '../engine/action-node';
import './flow-executors';
import { backchannelGroup } from './backchannel.catalogue';

export = actionNodeModule(backchannelGroup);
