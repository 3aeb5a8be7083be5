import { actionNodeModule } from '../engine/action-node';
import { blacklistsGroup } from './blacklists.catalogue';
export = actionNodeModule(blacklistsGroup);
