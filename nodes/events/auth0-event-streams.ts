import { actionNodeModule } from '../shared/action-node';
import { eventStreamsGroup } from './event-streams.catalogue';
export = actionNodeModule(eventStreamsGroup);
