// Test support: runs a plugin's two phases on attributes and answers what it refused with.
import { isStatusError } from '../../errors/status-error.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';

/** The message of the plugin's 403, or undefined when it admits `attributes` (other errors are thrown). */
export async function refusalOf(plugin: AdmissionPlugin, attributes: AdmissionAttributes): Promise<string | undefined> {
  try {
    await plugin.admit?.(attributes);
    await plugin.validate?.(attributes);
    return undefined;
  } catch (error) {
    if (isStatusError(error) && error.code === 403) return error.message;
    throw error;
  }
}
