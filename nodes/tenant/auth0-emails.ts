import { actionNodeModule } from '../shared/action-node';
import { emailsGroup } from './emails.catalogue';
export = actionNodeModule(emailsGroup);
