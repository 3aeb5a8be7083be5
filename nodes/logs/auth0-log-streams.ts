import { actionNodeModule } from '../engine/action-node';
import { logStreamsGroup } from './log-streams.catalogue';
export = actionNodeModule(logStreamsGroup);
