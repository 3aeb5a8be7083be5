import { actionNodeModule } from '../shared/action-node';
import { jobsGroup } from './jobs.catalogue';
export = actionNodeModule(jobsGroup);
