import { actionNodeModule } from '../engine/action-node';
import { emailsGroup } from './emails.catalogue';
export = actionNodeModule(emailsGroup);
