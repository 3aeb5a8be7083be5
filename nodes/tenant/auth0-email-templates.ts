import { actionNodeModule } from '../engine/action-node';
import { emailTemplatesGroup } from './email-templates.catalogue';
export = actionNodeModule(emailTemplatesGroup);
