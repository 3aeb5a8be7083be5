import { actionNodeModule } from '../engine/action-node';
import { tokenExchangeProfilesGroup } from './token-exchange-profiles.catalogue';
export = actionNodeModule(tokenExchangeProfilesGroup);
