import { actionNodeModule } from '../shared/action-node';
import { logStreamsGroup } from './log-streams.catalogue';
export = actionNodeModule(logStreamsGroup);
