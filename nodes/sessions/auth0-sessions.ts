import { actionNodeModule } from '../shared/action-node';
import { sessionsGroup } from './sessions.catalogue';
export = actionNodeModule(sessionsGroup);
