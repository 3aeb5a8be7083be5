import { actionNodeModule } from '../shared/action-node';
import { riskAssessmentsGroup } from './risk-assessments.catalogue';
export = actionNodeModule(riskAssessmentsGroup);
