import { actionNodeModule } from '../shared/action-node';
import { tokenExchangeProfilesGroup } from './token-exchange-profiles.catalogue';
export = actionNodeModule(tokenExchangeProfilesGroup);
