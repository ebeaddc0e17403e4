// The rendered output of a typical web application chart (as `helm template` prints it): a multi-document
// manifest with the labels and shapes charts use. `values` change between versions of the release.

export interface ChartValues {
  tag: string;
  replicas: number;
  greeting: string;
}

const labels = (indent: string): string =>
  [
    'app.kubernetes.io/name: web',
    'app.kubernetes.io/instance: shop',
    'app.kubernetes.io/version: "1.0.0"',
    'app.kubernetes.io/managed-by: Helm',
    'helm.sh/chart: web-0.1.0',
  ]
    .map((line) => indent + line)
    .join('\n');

const selector = (indent: string): string => [`${indent}app.kubernetes.io/name: web`, `${indent}app.kubernetes.io/instance: shop`].join('\n');

/** The chart rendered with `values`. */
export function chartManifests(values: ChartValues): string {
  return `---
# Source: web/templates/serviceaccount.yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  name: web
  labels:
${labels('    ')}
automountServiceAccountToken: true
---
# Source: web/templates/configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
  labels:
${labels('    ')}
data:
  greeting: ${JSON.stringify(values.greeting)}
  nginx.conf: |
    server {
      listen 8080;
      location / { return 200 "ok"; }
    }
---
# Source: web/templates/service.yaml
apiVersion: v1
kind: Service
metadata:
  name: web
  labels:
${labels('    ')}
spec:
  type: ClusterIP
  ports:
    - port: 80
      targetPort: http
      protocol: TCP
      name: http
  selector:
${selector('    ')}
---
# Source: web/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
${labels('    ')}
spec:
  replicas: ${values.replicas}
  selector:
    matchLabels:
${selector('      ')}
  template:
    metadata:
      annotations:
        checksum/config: 5f1c0e8a
      labels:
${selector('        ')}
    spec:
      serviceAccountName: web
      securityContext:
        fsGroup: 2000
      containers:
        - name: web
          securityContext:
            capabilities:
              drop:
              - ALL
            readOnlyRootFilesystem: true
            runAsNonRoot: true
            runAsUser: 1000
          image: "nginx:${values.tag}"
          imagePullPolicy: IfNotPresent
          ports:
            - name: http
              containerPort: 8080
              protocol: TCP
          livenessProbe:
            httpGet:
              path: /
              port: http
          readinessProbe:
            httpGet:
              path: /
              port: http
          resources:
            limits:
              cpu: 100m
              memory: 128Mi
            requests:
              cpu: 100m
              memory: 128Mi
          volumeMounts:
            - name: config
              mountPath: /etc/nginx/conf.d
      volumes:
        - name: config
          configMap:
            name: web-config
---
# Source: web/templates/hpa.yaml
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
  labels:
${labels('    ')}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 1
  maxReplicas: 10
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 80
---
# Source: web/templates/pdb.yaml
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
  labels:
${labels('    ')}
spec:
  minAvailable: 1
  selector:
    matchLabels:
${selector('      ')}
---
# Source: web/templates/networkpolicy.yaml
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: web
  labels:
${labels('    ')}
spec:
  podSelector:
    matchLabels:
${selector('      ')}
  policyTypes:
    - Ingress
  ingress:
    - from:
        - namespaceSelector:
            matchLabels:
              kubernetes.io/metadata.name: ingress-nginx
      ports:
        - protocol: TCP
          port: 8080
---
# Source: web/templates/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
  labels:
${labels('    ')}
spec:
  ingressClassName: nginx
  tls:
    - hosts:
        - "shop.example.com"
      secretName: shop-tls
  rules:
    - host: "shop.example.com"
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: web
                port:
                  number: 80
`;
}
