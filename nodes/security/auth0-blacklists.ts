import { actionNodeModule } from '../shared/action-node';
import { blacklistsGroup } from './blacklists.catalogue';
export = actionNodeModule(blacklistsGroup);
