import { actionNodeModule } from '../shared/action-node';
import { selfServiceProfilesGroup } from './self-service-profiles.catalogue';
export = actionNodeModule(selfServiceProfilesGroup);
