// Small kinds for the engine's tests (the real kinds live under apis/). Not exported by index.ts.
import { K } from './builder.js';

export const TestObjectMeta = K.Object(
  {
    name: K.Optional(K.String()),
    namespace: K.Optional(K.String()),
    labels: K.Optional(K.Map(K.String())),
    creationTimestamp: K.Optional(K.Time()),
    finalizers: K.Optional(K.List(K.String(), { 'x-kubernetes-patch-strategy': 'merge' })),
  },
  { $id: 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' },
);

export const TestConfigMap = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    kind: K.Optional(K.String()),
    metadata: K.Optional(TestObjectMeta),
    immutable: K.Optional(K.Boolean()),
    data: K.Optional(K.Map(K.String())),
    binaryData: K.Optional(K.Map(K.Bytes())),
  },
  { $id: 'io.k8s.api.core.v1.ConfigMap' },
);

const Port = K.Object(
  {
    name: K.Optional(K.String()),
    containerPort: K.Int32(),
    protocol: K.Optional(K.String({ default: 'TCP' })),
  },
  { $id: 'io.k8s.api.core.v1.ContainerPort' },
);

const Container = K.Object(
  {
    name: K.String(),
    image: K.Optional(K.String()),
    ports: K.Optional(K.ListMap(Port, ['containerPort', 'protocol'])),
    resources: K.Optional(K.Object({ limits: K.Optional(K.Map(K.Quantity())) }, { $id: 'io.k8s.api.core.v1.ResourceRequirements' })),
  },
  { $id: 'io.k8s.api.core.v1.Container' },
);

export const TestPod = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    kind: K.Optional(K.String()),
    metadata: K.Optional(TestObjectMeta),
    spec: K.Optional(
      K.Object(
        {
          containers: K.ListMap(Container, ['name']),
          restartPolicy: K.Optional(K.String({ default: 'Always' })),
          priority: K.Optional(K.Int32()),
          activeDeadlineSeconds: K.Optional(K.Int64()),
          overhead: K.Optional(K.Map(K.Quantity())),
          raw: K.Optional(K.Any()),
          port: K.Optional(K.IntOrString()),
          renewTime: K.Optional(K.MicroTime()),
          weight: K.Optional(K.Number()),
        },
        { $id: 'io.k8s.api.core.v1.PodSpec' },
      ),
    ),
  },
  { $id: 'io.k8s.api.core.v1.Pod' },
);
