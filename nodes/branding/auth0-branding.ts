import { actionNodeModule } from '../shared/action-node';
import { brandingGroup } from './branding.catalogue';
export = actionNodeModule(brandingGroup);
