// The clients of one identity (client-go's Clientset, for any resource): one ResourceClient per resource,
// all over the identity's transport.
import { ResourceClient, type ResourceRef } from './resource-client.js';
import type { Transport } from './transport.js';

export class ClientSet {
  readonly #clients = new Map<string, ResourceClient>();

  constructor(readonly transport: Transport) {}

  resource(ref: ResourceRef): ResourceClient {
    const key = `${ref.group}/${ref.version}/${ref.resource}`;
    let client = this.#clients.get(key);
    if (!client) this.#clients.set(key, (client = new ResourceClient(this.transport, ref)));
    return client;
  }

  close(): void {
    this.transport.close();
  }
}
