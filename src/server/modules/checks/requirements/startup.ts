import type { Db } from '../../../db/client';
import type { StartupLog } from '../../standards/startup';
import { describeRequirementsReport, loadRequirements } from './library';

/**
 * Loads the requirements library against the standards library as it is after the import and
 * logs the report: one info line, and a warning for each disabled requirement with its reason.
 * Never throws: a failure is logged and the server starts (no requirement is then applied,
 * since the check loads them again itself).
 */
export async function logRequirementsReport(db: Db, log: StartupLog): Promise<void> {
  try {
    const { report } = await loadRequirements(db);
    const { summary, disabled } = describeRequirementsReport(report);
    log.info(summary);
    for (const line of disabled) log.warn(line);
  } catch (error) {
    log.warn(`Requirements: could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}
