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

/**
 * Runs a plugin as the chain does (skipped when it does not handle `attributes`) and answers `skipped`, undefined
 * when admitted, or `<code>: <message>` of the StatusError it refused with.
 */
export async function outcomeOf(plugin: AdmissionPlugin, attributes: AdmissionAttributes): Promise<string | undefined> {
  if (plugin.handles && !plugin.handles(attributes)) return 'skipped';
  try {
    await plugin.admit?.(attributes);
    await plugin.validate?.(attributes);
    return undefined;
  } catch (error) {
    if (isStatusError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
}
