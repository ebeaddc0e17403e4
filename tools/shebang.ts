// The Node.js flags of a command's shebang (`#!/usr/bin/env -S node --max-semi-space-size=64`): the command
// runs under them, so its code cache is made under them (bundle.ts) and the bench starts it with them.
import { readFileSync } from 'node:fs';

/** The first line of `file`. */
export function firstLine(file: string): string {
  return readFileSync(file, 'utf8').split('\n', 1)[0] ?? '';
}

/** The flags after `node` in a shebang line; none when it runs no `node`. */
export function nodeFlagsOf(shebang: string): string[] {
  const words = shebang.replace(/^#!\S*env\s+(-S\s+)?/, '').split(/\s+/).filter(Boolean);
  return words[0] === 'node' ? words.slice(1) : [];
}

/** The flags after `node` in the first line of `file`; none when it has no such shebang. */
export function shebangNodeFlags(file: string): string[] {
  return nodeFlagsOf(firstLine(file));
}
