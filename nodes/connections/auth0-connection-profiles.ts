import { actionNodeModule } from '../engine/action-node';
import { connectionProfilesGroup } from './connection-profiles.catalogue';
export = actionNodeModule(connectionProfilesGroup);
