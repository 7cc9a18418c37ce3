import type { HealthCheckFlag } from '../../../shared/constants';
import type { AgencyScope } from '../session/resolve';
import { readSettings } from './store';

/** A drive recovery point (startup, campaign creation, add contact, import) runs unless its skip flag is set. */
export const recoveryWanted = async (scope: Pick<AgencyScope, 'agencyName'>, flag: HealthCheckFlag): Promise<boolean> =>
  !(await readSettings(scope)).health_check[flag];
