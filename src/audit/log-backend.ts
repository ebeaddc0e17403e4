// The audit log backend (k8s.io/apiserver pkg/audit/log with gopkg.in/natefinch/lumberjack.v2, 1.25): one event
// per line to `--audit-log-path` (`-` is standard output), in `json` or `legacy` format. The file is rotated as
// lumberjack does: past `--audit-log-maxsize` MB (100 when 0) it is renamed `<name>-<UTC time>.<ext>` and a new
// one opened; old files beyond `--audit-log-maxbackup` or older than `--audit-log-maxage` days are removed, the
// others gzip-compressed with `--audit-log-compress`. `blocking` and `blocking-strict` write each event before the
// request goes on; `batch` goes through the buffered backend with `--audit-log-batch-*` (upstream's log defaults:
// a batch per event, written as it comes). `--audit-log-truncate-enabled` cuts events that are too large.
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { bufferedSender, LOG_BATCH_DEFAULTS, type BatchConfig } from './buffered.js';
import { eventJson, eventLegacyLine, type AuditEvent } from './event.js';
import { truncatedEvent, type TruncateConfig } from './truncate.js';
import { errorMessage } from '../errors/error-message.js';

export type AuditLogFormat = 'json' | 'legacy';
export type AuditLogMode = 'blocking' | 'blocking-strict' | 'batch';

export interface AuditLogOptions {
  path: string;
  format?: AuditLogFormat;
  mode?: AuditLogMode;
  maxAgeDays?: number;
  maxBackups?: number;
  maxSizeMB?: number;
  compress?: boolean;
  /** `--audit-log-batch-*`, for the batch mode: upstream's log defaults (LOG_BATCH_DEFAULTS) when left out. */
  batch?: BatchConfig;
  /** `--audit-log-truncate-*`, when on. */
  truncate?: TruncateConfig;
}

export interface AuditBackend {
  /**
   * Writes the event; false when it could not be written (the error is logged). Only `blocking-strict` makes a
   * request fail for it (upstream wraps the other modes in ignoreErrorsBackend).
   */
  process(event: AuditEvent): boolean | Promise<boolean>;
  /** `--audit-log-mode=blocking-strict`. */
  readonly strict: boolean;
  /** Writes what is buffered and closes the file. */
  close(): void;
}

const MEGABYTE = 1024 * 1024;
/** lumberjack's default MaxSize. */
const DEFAULT_MAX_SIZE_MB = 100;
const gzipAsync = promisify(gzip);

/** lumberjack's backupTimeFormat, in UTC: 2006-01-02T15-04-05.000. */
export function backupTimestamp(date: Date): string {
  return date.toISOString().slice(0, 23).replace(/:/g, '-');
}

export function openAuditLog(options: AuditLogOptions): AuditBackend {
  const format = options.format === 'legacy' ? eventLegacyLine : eventJson;
  const out = options.path === '-' ? stdoutWriter() : new RotatingFile(options);
  let lastLogged = 0;
  // A full disk fails every write: say so at most once a minute, and never take the request or the process down.
  const report = (what: string): void => {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    console.error(`kplane: audit log ${options.path}: ${what}`);
  };
  const written = (write: () => void): boolean => {
    try {
      write();
      return true;
    } catch (error) {
      report(errorMessage(error));
      return false;
    }
  };
  const sender = options.mode === 'batch' ? bufferedSender(options.batch ?? LOG_BATCH_DEFAULTS, (lines) => void written(() => out.write(lines.join(''))), report) : undefined;
  return {
    strict: options.mode === 'blocking-strict',
    process(event) {
      const fitting = options.truncate ? truncatedEvent(event, options.truncate) : event;
      if (!fitting) {
        report('event is too large even after truncating');
        return true;
      }
      const line = `${format(fitting)}\n`;
      if (!sender) return written(() => out.write(line));
      sender.add(line);
      return true;
    },
    close() {
      sender?.close();
      written(() => out.close());
    },
  };
}

interface LineWriter {
  write(text: string): void;
  close(): void;
}

const stdoutWriter = (): LineWriter => ({ write: (text) => void writeSync(1, text), close: () => undefined });

/** lumberjack.Logger: a file rotated by size, its backups pruned (and compressed) after each rotation. */
class RotatingFile implements LineWriter {
  #fd: number | undefined;
  #size = 0;
  /** One pass over the backups at a time, as lumberjack's single mill goroutine. */
  #milling: Promise<void> = Promise.resolve();
  readonly #maxBytes: number;

  constructor(private readonly options: AuditLogOptions) {
    this.#maxBytes = (options.maxSizeMB || DEFAULT_MAX_SIZE_MB) * MEGABYTE;
    mkdirSync(dirname(options.path), { recursive: true, mode: 0o700 });
    this.#open();
  }

  write(text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.#size + bytes > this.#maxBytes && this.#size > 0) this.#rotate();
    // Closed by a failed rotation or open: try again.
    if (this.#fd === undefined) this.#open();
    writeSync(this.#fd!, text);
    this.#size += bytes;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #open(): void {
    this.#fd = openSync(this.options.path, 'a', 0o600);
    this.#size = fstatSync(this.#fd).size;
  }

  #rotate(): void {
    this.close();
    const { path } = this.options;
    const ext = extname(path);
    try {
      renameSync(path, join(dirname(path), `${basename(path, ext)}-${backupTimestamp(new Date())}${ext}`));
    } finally {
      // Renamed or not, writing goes on in a file at the path.
      this.#open();
    }
    this.#milling = this.#milling.then(() => this.#mill()).catch((error: unknown) => console.error(`kplane: audit log backups: ${errorMessage(error)}`));
  }

  /** lumberjack millRunOnce: remove backups past the count or age, compress the rest. */
  async #mill(): Promise<void> {
    const { path, maxBackups = 0, maxAgeDays = 0, compress = false } = this.options;
    const dir = dirname(path);
    const ext = extname(path);
    const prefix = `${basename(path, ext)}-`;
    const backups = (await readdir(dir)).flatMap((name) => {
      if (!name.startsWith(prefix)) return [];
      const stamp = name.slice(prefix.length).replace(/\.gz$/, '');
      if (!stamp.endsWith(ext)) return [];
      const time = Date.parse(`${stamp.slice(0, stamp.length - ext.length).replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2}\.\d{3})$/, '$1:$2:$3')}Z`);
      return Number.isNaN(time) ? [] : [{ name, time }];
    }).sort((a, b) => b.time - a.time);
    const cutoff = maxAgeDays > 0 ? Date.now() - maxAgeDays * 24 * 3_600_000 : -Infinity;
    for (const [i, backup] of backups.entries()) {
      const file = join(dir, backup.name);
      if ((maxBackups > 0 && i >= maxBackups) || backup.time < cutoff) {
        await rm(file, { force: true });
      } else if (compress && !backup.name.endsWith('.gz')) {
        await writeFile(`${file}.gz`, await gzipAsync(await readFile(file)), { mode: 0o600 });
        await rm(file, { force: true });
      }
    }
  }
}
