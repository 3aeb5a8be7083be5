import { actionNodeModule } from '../engine/action-node';
import { brandingGroup } from './branding.catalogue';
export = actionNodeModule(brandingGroup);
