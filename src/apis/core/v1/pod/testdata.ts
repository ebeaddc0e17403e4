// A realistic pod (about 2 KB as JSON): a web server and a log sidecar with probes, resources, env
// from literals, the downward API, a ConfigMap and a Secret, and three volumes. Used by unit tests and
// the bench; `podFixture()` builds a fresh object each call, so defaulting may mutate it.
import type { Pod } from '../schemas.generated.js';

/** A fresh copy of the fixture pod, as a client would send it (not defaulted). */
export function podFixture(): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'web-7d9c6b5f4-x2kqp',
      namespace: 'shop',
      labels: { app: 'web', tier: 'frontend', 'pod-template-hash': '7d9c6b5f4' },
      annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9102' },
    },
    spec: {
      serviceAccountName: 'web',
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
      volumes: [
        { name: 'config', configMap: { name: 'web-config', items: [{ key: 'nginx.conf', path: 'nginx.conf' }] } },
        { name: 'tls', secret: { secretName: 'web-tls' } },
        { name: 'logs', emptyDir: { sizeLimit: '1Gi' } },
      ],
      containers: [
        {
          name: 'web',
          image: 'registry.example.com/shop/web:1.24.3',
          args: ['--config', '/etc/web/nginx.conf'],
          ports: [{ name: 'http', containerPort: 8080 }, { name: 'metrics', containerPort: 9102 }],
          env: [
            { name: 'LOG_LEVEL', value: 'info' },
            { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
            { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
            { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'web-db', key: 'password' } } },
            { name: 'MEMORY_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
          ],
          envFrom: [{ configMapRef: { name: 'web-env' } }],
          resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: '1', memory: '512Mi' } },
          volumeMounts: [
            { name: 'config', mountPath: '/etc/web', readOnly: true },
            { name: 'tls', mountPath: '/etc/tls', readOnly: true },
            { name: 'logs', mountPath: '/var/log/web' },
          ],
          livenessProbe: { httpGet: { path: '/healthz', port: 'http' }, initialDelaySeconds: 10, periodSeconds: 20 },
          readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5 },
          securityContext: { runAsNonRoot: true, runAsUser: 101, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
        },
        {
          name: 'log-shipper',
          image: 'fluent/fluent-bit:2.1',
          env: [{ name: 'FLUENT_DEST', value: 'logs.example.com:24224' }],
          resources: { limits: { cpu: '100m', memory: '64Mi' } },
          volumeMounts: [{ name: 'logs', mountPath: '/var/log/web', readOnly: true }],
          livenessProbe: { tcpSocket: { port: 2020 }, periodSeconds: 30 },
        },
      ],
    },
  };
}
