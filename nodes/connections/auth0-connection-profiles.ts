import { actionNodeModule } from '../shared/action-node';
import { connectionProfilesGroup } from './connection-profiles.catalogue';
export = actionNodeModule(connectionProfilesGroup);
