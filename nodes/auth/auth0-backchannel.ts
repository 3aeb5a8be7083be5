import { actionNodeModule } from '../shared/action-node';
import './flow-executors';
import { backchannelGroup } from './backchannel.catalogue';

export = actionNodeModule(backchannelGroup);
