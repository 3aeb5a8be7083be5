import { actionNodeModule } from '../engine/action-node';
import { userAttributeProfilesGroup } from './user-attribute-profiles.catalogue';
export = actionNodeModule(userAttributeProfilesGroup);
