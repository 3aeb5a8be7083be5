import { actionNodeModule } from '../engine/action-node';
import { sessionsGroup } from './sessions.catalogue';
export = actionNodeModule(sessionsGroup);
