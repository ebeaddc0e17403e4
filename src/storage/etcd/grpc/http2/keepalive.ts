// Keepalive pings, as grpc's keepalive: a ping every interval, and the connection given up when one is not
// answered in time (a peer that vanished without closing would otherwise hold calls until their deadlines).
export class KeepAlive {
  #interval: NodeJS.Timeout | undefined;
  #deadline: NodeJS.Timeout | undefined;

  /** `sendPing` returns false when there is nothing to keep alive (no ping sent). */
  constructor(
    private readonly sendPing: () => boolean,
    private readonly intervalMs: number,
    private readonly timeoutMs: number,
    private readonly unanswered: () => void,
  ) {}

  start(): void {
    this.#interval = setInterval(() => this.#ping(), this.intervalMs);
    this.#interval.unref();
  }

  /** The peer acknowledged a ping. */
  answered(): void {
    clearTimeout(this.#deadline);
    this.#deadline = undefined;
  }

  stop(): void {
    clearInterval(this.#interval);
    clearTimeout(this.#deadline);
  }

  #ping(): void {
    if (this.#deadline !== undefined || !this.sendPing()) return;
    this.#deadline = setTimeout(this.unanswered, this.timeoutMs);
    this.#deadline.unref();
  }
}
