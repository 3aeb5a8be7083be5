import { actionNodeModule } from '../engine/action-node';
import { eventStreamsGroup } from './event-streams.catalogue';
export = actionNodeModule(eventStreamsGroup);
