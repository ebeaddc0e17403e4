// The exact text of a decoded pod (key order included, which deepEqual does not check): pins the decoder's
// output on a realistic body whose keys come in reverse order, with unknown fields in list items, a null map
// value, an omitempty zero and a number quantity.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeObject } from './decode.js';
import { PodSchema } from '../apis/core/v1/schemas.generated.js';
import { podFixture } from '../apis/core/v1/pod/testdata.js';

function reversed(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(reversed);
  if (typeof x === 'object' && x !== null) return Object.fromEntries(Object.entries(x).reverse().map(([k, v]) => [k, reversed(v)]));
  return x;
}

function input(): Record<string, unknown> {
  const pod = reversed(podFixture()) as { metadata: { labels: Record<string, unknown> }; spec: Record<string, unknown> & { containers: Array<Record<string, unknown> & { resources: { limits: Record<string, unknown> } }>; volumes: Array<{ configMap: { items: Array<Record<string, unknown>> } }> } };
  (pod.spec.containers[1] as Record<string, unknown>)['bogus'] = 1;
  (pod.spec.volumes[0]?.configMap.items[0] as Record<string, unknown>)['extra'] = true;
  pod.metadata.labels['gone'] = null;
  pod.spec['hostNetwork'] = false;
  (pod.spec.containers[0] as { resources: { limits: Record<string, unknown> } }).resources.limits['x/y'] = 2;
  return pod as unknown as Record<string, unknown>;
}

const WARNINGS = ["unknown field \"spec.containers[1].bogus\"","unknown field \"spec.volumes[0].configMap.items[0].extra\""];
const DECODED = '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{"prometheus.io/port":"9102","prometheus.io/scrape":"true"},"creationTimestamp":null,"labels":{"app":"web","gone":"","pod-template-hash":"7d9c6b5f4","tier":"frontend"},"name":"web-7d9c6b5f4-x2kqp","namespace":"shop"},"spec":{"containers":[{"args":["--config","/etc/web/nginx.conf"],"env":[{"name":"LOG_LEVEL","value":"info"},{"name":"POD_NAME","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}},{"name":"POD_IP","valueFrom":{"fieldRef":{"fieldPath":"status.podIP"}}},{"name":"DB_PASSWORD","valueFrom":{"secretKeyRef":{"key":"password","name":"web-db"}}},{"name":"MEMORY_LIMIT","valueFrom":{"resourceFieldRef":{"divisor":"1Mi","resource":"limits.memory"}}}],"envFrom":[{"configMapRef":{"name":"web-env"}}],"image":"registry.example.com/shop/web:1.24.3","livenessProbe":{"httpGet":{"path":"/healthz","port":"http"},"initialDelaySeconds":10,"periodSeconds":20},"name":"web","ports":[{"containerPort":8080,"name":"http"},{"containerPort":9102,"name":"metrics"}],"readinessProbe":{"httpGet":{"path":"/ready","port":8080},"periodSeconds":5},"resources":{"limits":{"cpu":"1","memory":"512Mi","x/y":"2"},"requests":{"cpu":"250m","memory":"256Mi"}},"securityContext":{"allowPrivilegeEscalation":false,"capabilities":{"drop":["ALL"]},"runAsNonRoot":true,"runAsUser":101},"volumeMounts":[{"mountPath":"/etc/web","name":"config","readOnly":true},{"mountPath":"/etc/tls","name":"tls","readOnly":true},{"mountPath":"/var/log/web","name":"logs"}]},{"env":[{"name":"FLUENT_DEST","value":"logs.example.com:24224"}],"image":"fluent/fluent-bit:2.1","livenessProbe":{"periodSeconds":30,"tcpSocket":{"port":2020}},"name":"log-shipper","resources":{"limits":{"cpu":"100m","memory":"64Mi"}},"volumeMounts":[{"mountPath":"/var/log/web","name":"logs","readOnly":true}]}],"nodeSelector":{"kubernetes.io/os":"linux"},"serviceAccountName":"web","tolerations":[{"effect":"NoExecute","key":"node.kubernetes.io/not-ready","operator":"Exists","tolerationSeconds":300}],"volumes":[{"configMap":{"items":[{"key":"nginx.conf","path":"nginx.conf"}],"name":"web-config"},"name":"config"},{"name":"tls","secret":{"secretName":"web-tls"}},{"emptyDir":{"sizeLimit":"1Gi"},"name":"logs"}]},"status":{}}';

describe('decodeObject: the layout of a decoded pod', () => {
  it('writes fields in schema order, map keys sorted, empties dropped and zero structs added', () => {
    const body = input();
    const { object, warnings } = decodeObject(PodSchema, body, { kind: 'Pod', version: 'v1', fieldValidation: 'Warn', text: JSON.stringify(body) });
    assert.deepEqual(warnings, WARNINGS);
    assert.equal(JSON.stringify(object), DECODED);
  });
});
