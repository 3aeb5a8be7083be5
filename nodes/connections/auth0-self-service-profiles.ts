import { actionNodeModule } from '../engine/action-node';
import { selfServiceProfilesGroup } from './self-service-profiles.catalogue';
export = actionNodeModule(selfServiceProfilesGroup);
