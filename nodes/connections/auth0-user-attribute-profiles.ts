import { actionNodeModule } from '../shared/action-node';
import { userAttributeProfilesGroup } from './user-attribute-profiles.catalogue';
export = actionNodeModule(userAttributeProfilesGroup);
