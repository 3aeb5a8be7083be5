import { actionNodeModule } from '../shared/action-node';
import { emailTemplatesGroup } from './email-templates.catalogue';
export = actionNodeModule(emailTemplatesGroup);
