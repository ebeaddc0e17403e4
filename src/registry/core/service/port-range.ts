// A node port range (`--service-node-port-range`, default 30000-32767), parsed as upstream's
// utilnet.ParsePortRange: `base-max`, `base+size` or a single port.

/** kube-apiserver's default `--service-node-port-range`. */
export const DEFAULT_NODE_PORT_RANGE = '30000-32767';

export class PortRange {
  private constructor(
    readonly base: number,
    readonly size: number,
  ) {}

  /** `30000-32767`, as upstream prints a range. */
  get spec(): string {
    return `${this.base}-${this.base + this.size - 1}`;
  }

  /** Parses a range; throws with upstream's wording on bad input. */
  static parse(value: string): PortRange {
    const text = value.trim();
    if (text === '') throw new Error('empty string is not a valid port range');
    const match = /^(\d+)(?:([-+])(\d+))?$/.exec(text);
    if (!match) throw new Error(`unable to parse port range: ${value}`);
    const base = Number(match[1]);
    const other = match[3] === undefined ? undefined : Number(match[3]);
    const size = other === undefined ? 1 : match[2] === '+' ? other + 1 : other - base + 1;
    if (base > 65535 || base + size - 1 > 65535 || size < 1) throw new Error(`range ${JSON.stringify(value)} is not a valid port range`);
    return new PortRange(base, size);
  }

  /** The offset of `port` in the bitmap, or undefined outside the range. */
  offsetOf(port: number): number | undefined {
    const offset = port - this.base;
    return Number.isInteger(offset) && offset >= 0 && offset < this.size ? offset : undefined;
  }
}
