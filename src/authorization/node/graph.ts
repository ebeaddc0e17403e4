// The Node authorizer's graph (upstream plugin/pkg/auth/authorizer/node/graph.go): which objects lead to
// which node. Edges point from an object to what makes it visible to a node: secret -> pod, configmap ->
// pod, pvc -> pod, serviceaccount -> pod, pod -> node, pv -> pvc, secret -> pv, volumeattachment -> node.
// An edge into a pod (and the pod's own edge) records the node it ends at, and each vertex counts those
// per node, so that a secret shared by thousands of pods answers "does this lead to node n1" at once.
// A vertex lives while it has an edge: removing a pod also removes the secrets only it referred to.

export type VertexType = 'configmap' | 'node' | 'pod' | 'pvc' | 'pv' | 'secret' | 'volumeattachment' | 'serviceaccount';

interface Vertex {
  readonly key: string;
  /** Edge targets, each with the node the edge ends at ('' when the edge does not know it: pv -> pvc, secret -> pv). */
  readonly out: Map<Vertex, string>;
  readonly in: Set<Vertex>;
  /** How many edges of `out` end at each node. */
  readonly destinations: Map<string, number>;
}

const vertexKey = (type: VertexType, namespace: string, name: string): string => `${type}/${namespace}/${name}`;

/** What a pod refers to in its namespace (graph-populator.ts reads it from the pod). */
export interface PodReferences {
  readonly serviceAccount: string;
  readonly secrets: readonly string[];
  readonly configMaps: readonly string[];
  readonly claims: readonly string[];
}

export class Graph {
  readonly #vertices = new Map<string, Vertex>();

  /** How many vertices the graph holds (tests check that removals leave nothing behind). */
  get size(): number {
    return this.#vertices.size;
  }

  has(type: VertexType, namespace: string, name: string): boolean {
    return this.#vertices.has(vertexKey(type, namespace, name));
  }

  /**
   * (Re)records a pod bound to `nodeName`: pod -> node and, unless it is a mirror pod (which a node may
   * create, so it must not grant anything), its references -> pod.
   */
  addPod(namespace: string, name: string, nodeName: string, references: PodReferences | undefined): void {
    this.#deleteVertex(vertexKey('pod', namespace, name));
    const pod = this.#vertex('pod', namespace, name);
    this.#setEdge(pod, this.#vertex('node', '', nodeName), nodeName);
    if (!references) return;
    const link = (type: VertexType, target: string) => this.#setEdge(this.#vertex(type, namespace, target), pod, nodeName);
    if (references.serviceAccount) link('serviceaccount', references.serviceAccount);
    for (const secret of references.secrets) link('secret', secret);
    for (const configMap of references.configMaps) link('configmap', configMap);
    for (const claim of references.claims) link('pvc', claim);
  }

  deletePod(namespace: string, name: string): void {
    this.#deleteVertex(vertexKey('pod', namespace, name));
  }

  /** (Re)records a persistent volume: pv -> its claim, and secret -> pv for the secrets the kubelet reads. */
  addPersistentVolume(name: string, claim: { namespace: string; name: string } | undefined, secrets: readonly { namespace: string; name: string }[]): void {
    this.#deleteVertex(vertexKey('pv', '', name));
    if (!claim) return;
    const pv = this.#vertex('pv', '', name);
    this.#setEdge(pv, this.#vertex('pvc', claim.namespace, claim.name), '');
    for (const secret of secrets) this.#setEdge(this.#vertex('secret', secret.namespace, secret.name), pv, '');
  }

  deletePersistentVolume(name: string): void {
    this.#deleteVertex(vertexKey('pv', '', name));
  }

  /** (Re)records a volume attachment: attachment -> node. */
  addVolumeAttachment(name: string, nodeName: string): void {
    this.#deleteVertex(vertexKey('volumeattachment', '', name));
    if (!nodeName) return;
    this.#setEdge(this.#vertex('volumeattachment', '', name), this.#vertex('node', '', nodeName), nodeName);
  }

  deleteVolumeAttachment(name: string): void {
    this.#deleteVertex(vertexKey('volumeattachment', '', name));
  }

  /** Whether a path leads from the object to the node (upstream hasPathFrom). */
  hasPath(nodeName: string, type: VertexType, namespace: string, name: string): boolean {
    const start = this.#vertices.get(vertexKey(type, namespace, name));
    if (!start || !this.#vertices.has(vertexKey('node', '', nodeName))) return false;
    const visited = new Set<Vertex>([start]);
    const pending = [start];
    for (let vertex = pending.pop(); vertex; vertex = pending.pop()) {
      if (vertex.destinations.has(nodeName)) return true;
      // An edge that knows its node leads there only: counted above. The others may lead anywhere.
      for (const [next, destination] of vertex.out) {
        if (destination === '' && !visited.has(next)) {
          visited.add(next);
          pending.push(next);
        }
      }
    }
    return false;
  }

  #vertex(type: VertexType, namespace: string, name: string): Vertex {
    const key = vertexKey(type, namespace, name);
    let vertex = this.#vertices.get(key);
    if (!vertex) this.#vertices.set(key, (vertex = { key, out: new Map(), in: new Set(), destinations: new Map() }));
    return vertex;
  }

  #setEdge(from: Vertex, to: Vertex, destination: string): void {
    const previous = from.out.get(to);
    if (previous === destination) return;
    if (previous !== undefined) this.#count(from, previous, -1);
    from.out.set(to, destination);
    to.in.add(from);
    this.#count(from, destination, 1);
  }

  #removeEdge(from: Vertex, to: Vertex): void {
    const destination = from.out.get(to);
    if (destination === undefined) return;
    from.out.delete(to);
    to.in.delete(from);
    this.#count(from, destination, -1);
  }

  #count(vertex: Vertex, destination: string, delta: number): void {
    if (destination === '') return;
    const count = (vertex.destinations.get(destination) ?? 0) + delta;
    if (count > 0) vertex.destinations.set(destination, count);
    else vertex.destinations.delete(destination);
  }

  /** Removes a vertex, and its neighbours that had no other edge (upstream deleteVertex_locked). */
  #deleteVertex(key: string): void {
    const vertex = this.#vertices.get(key);
    if (!vertex) return;
    const orphans = [...vertex.out.keys(), ...vertex.in].filter((neighbour) => neighbour.out.size + neighbour.in.size === 1);
    this.#removeVertex(vertex);
    for (const orphan of orphans) this.#removeVertex(orphan);
  }

  #removeVertex(vertex: Vertex): void {
    for (const to of [...vertex.out.keys()]) this.#removeEdge(vertex, to);
    for (const from of [...vertex.in]) this.#removeEdge(from, vertex);
    this.#vertices.delete(vertex.key);
  }
}
