import { actionNodeModule } from '../engine/action-node';
import { riskAssessmentsGroup } from './risk-assessments.catalogue';
export = actionNodeModule(riskAssessmentsGroup);
