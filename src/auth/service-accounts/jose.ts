// jose, loaded at the first token signed or verified: its ~60 modules cost ~80 ms of start-up otherwise
// (architecture §1 keeps start-up imports to what serving needs).
type Jose = typeof import('jose');

let loading: Promise<Jose> | undefined;

/** The jose module, imported once. */
export const loadJose = (): Promise<Jose> => (loading ??= import('jose'));
