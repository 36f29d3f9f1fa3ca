// The lint: renders every kustomization (base and each overlay) with `kubectl kustomize`, checks
// each object against the Kubernetes API schema (schema.mjs) and the rendered set against the
// project's rules below. Nothing here talks to a cluster.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { FIELDS_VERSION, TYPES_VERSION, validateObject } from './schema.mjs';

const LONG_RUNNING = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet']);
const SCALABLE = new Set(['Deployment', 'StatefulSet', 'ReplicaSet']);

/** Kustomization folders under root: base/ and every overlays/<name>/. */
export function findTargets(root) {
  const targets = [];
  if (hasKustomization(path.join(root, 'base'))) targets.push('base');
  const overlays = path.join(root, 'overlays');
  if (fs.existsSync(overlays)) {
    for (const name of fs.readdirSync(overlays).sort()) {
      if (hasKustomization(path.join(overlays, name))) targets.push(`overlays/${name}`);
    }
  }
  return targets;
}

function hasKustomization(dir) {
  return ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].some((f) => fs.existsSync(path.join(dir, f)));
}

/** Secret templates: every *.example.yaml under root (check/ left out). */
export function findTemplates(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['check', 'node_modules', '.git'].includes(entry.name)) walk(file);
      } else if (entry.name.endsWith('.example.yaml')) {
        found.push(path.relative(root, file));
      }
    }
  };
  walk(root);
  return found.sort();
}

function parseYaml(text, source) {
  const objects = [];
  const problems = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) {
      problems.push(`${source}: YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
      continue;
    }
    const value = doc.toJS();
    if (value !== null && value !== undefined) objects.push(value);
  }
  return { objects, problems };
}

/** `kubectl kustomize dir`: the rendered objects, or the reason it failed. */
export function render(dir, kubectl = process.env.KUBECTL || 'kubectl') {
  const result = spawnSync(kubectl, ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) {
    return { objects: [], problems: [`cannot run ${kubectl} (${result.error.code ?? result.error.message}): the lint renders with \`kubectl kustomize\`; set KUBECTL to its path`] };
  }
  if (result.status !== 0) {
    return { objects: [], problems: [`kubectl kustomize failed: ${result.stderr.trim()}`] };
  }
  return parseYaml(result.stdout, 'kubectl kustomize output');
}

// ---------------------------------------------------------------------------------------------
// Helpers

const nameOf = (o) => `${o.kind}/${o.metadata?.name ?? '(no name)'}`;
const nsOf = (o) => o.metadata?.namespace ?? '';

const QUANTITY_RE = /^([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+))(?:([eE][+-]?[0-9]+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E))?$/;
const SUFFIX = {
  n: 1e-9, u: 1e-6, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
  Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60,
};

/** A Kubernetes quantity ("1Gi", "500m", "1e3", 2) as a number; NaN when it is not one. */
export function quantity(value) {
  if (typeof value === 'number') return value;
  const m = QUANTITY_RE.exec(String(value ?? ''));
  if (!m) return NaN;
  const n = Number(m[1]);
  if (m[2]) return n * 10 ** Number(m[2].slice(1));
  return m[3] ? n * SUFFIX[m[3]] : n;
}

/** Whether a label selector (matchLabels and matchExpressions) selects these labels. */
export function selects(selector, labels = {}) {
  if (!selector) return false;
  const matchLabels = selector.matchLabels ?? {};
  const expressions = selector.matchExpressions ?? [];
  if (Object.keys(matchLabels).length === 0 && expressions.length === 0) return false;
  for (const [k, v] of Object.entries(matchLabels)) if (labels[k] !== v) return false;
  for (const e of expressions) {
    const has = Object.prototype.hasOwnProperty.call(labels, e.key);
    const values = e.values ?? [];
    if (e.operator === 'In' && !(has && values.includes(labels[e.key]))) return false;
    if (e.operator === 'NotIn' && has && values.includes(labels[e.key])) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

/** The pod template of a workload: { where, spec, labels }, or null. */
function podTemplate(o) {
  if (o.kind === 'Pod') return { where: 'spec', spec: o.spec ?? {}, labels: o.metadata?.labels ?? {} };
  if (o.kind === 'CronJob') {
    const t = o.spec?.jobTemplate?.spec?.template;
    return t ? { where: 'spec.jobTemplate.spec.template.spec', spec: t.spec ?? {}, labels: t.metadata?.labels ?? {} } : null;
  }
  if (LONG_RUNNING.has(o.kind) || o.kind === 'Job') {
    const t = o.spec?.template;
    return t ? { where: 'spec.template.spec', spec: t.spec ?? {}, labels: t.metadata?.labels ?? {} } : null;
  }
  return null;
}

function containersOf(spec, where) {
  const list = [];
  (spec.initContainers ?? []).forEach((c, i) => list.push({ c, where: `${where}.initContainers[${i}]`, init: true }));
  (spec.containers ?? []).forEach((c, i) => list.push({ c, where: `${where}.containers[${i}]`, init: false }));
  return list;
}

function secretKeys(o) {
  return new Set([...Object.keys(o.data ?? {}), ...Object.keys(o.stringData ?? {})]);
}

function configMapKeys(o) {
  return new Set([...Object.keys(o.data ?? {}), ...Object.keys(o.binaryData ?? {})]);
}

// ---------------------------------------------------------------------------------------------
// Rules over one rendered set of objects (plus the Secret templates).

function checkObjects(objects, templates) {
  const problems = [];
  const counts = {};
  const count = (what, n = 1) => { counts[what] = (counts[what] ?? 0) + n; };
  const report = (o, where, message) => problems.push(`${nameOf(o)}: ${where ? `${where}: ` : ''}${message}`);

  // Schema of every object.
  for (const o of objects) {
    count('objects validated against the schema');
    for (const p of validateObject(o)) report(o, '', p.replace(/^\(object\): /, ''));
  }

  // Names must be unique per kind and namespace.
  const seen = new Set();
  for (const o of objects) {
    const id = `${o.kind}/${nsOf(o)}/${o.metadata?.name}`;
    if (seen.has(id)) report(o, '', 'defined twice');
    seen.add(id);
  }

  const byKind = (kind) => objects.filter((o) => o.kind === kind);
  const findIn = (list, ns, name) => list.find((o) => o.metadata?.name === name && (nsOf(o) === ns || nsOf(o) === ''));
  const configMaps = byKind('ConfigMap');
  const secrets = byKind('Secret');
  const templateSecrets = templates.filter((t) => t.object.kind === 'Secret');
  const findSecret = (ns, name) => {
    const rendered = findIn(secrets, ns, name);
    if (rendered) return { keys: secretKeys(rendered), source: 'rendered Secret' };
    const t = templateSecrets.find((s) => s.object.metadata?.name === name);
    return t ? { keys: secretKeys(t.object), source: `Secret template ${t.file}` } : null;
  };

  const workloads = objects
    .map((o) => ({ o, pod: podTemplate(o) }))
    .filter((w) => w.pod);

  for (const { o, pod } of workloads) {
    const ns = nsOf(o);
    const podSpec = pod.spec;
    const podSecurity = podSpec.securityContext ?? {};
    count('workloads');

    // The workload's selector must select its own pods.
    if ((LONG_RUNNING.has(o.kind) || o.kind === 'Job') && o.spec?.selector && !selects(o.spec.selector, pod.labels)) {
      report(o, 'spec.selector', 'does not select the labels of its own pod template');
    }

    const volumes = new Map((podSpec.volumes ?? []).map((v) => [v.name, v]));
    for (const [i, v] of (podSpec.volumes ?? []).entries()) {
      if (v.configMap && !findIn(configMaps, ns, v.configMap.name) && !v.configMap.optional) {
        report(o, `${pod.where}.volumes[${i}]`, `ConfigMap "${v.configMap.name}" is not among the rendered objects`);
      }
      if (v.secret && !findSecret(ns, v.secret.secretName) && !v.secret.optional) {
        report(o, `${pod.where}.volumes[${i}]`, `Secret "${v.secret.secretName}" is neither rendered nor in a Secret template`);
      }
    }

    for (const { c, where, init } of containersOf(podSpec, pod.where)) {
      count('containers');
      const label = `${where} (container ${c.name})`;
      const at = (sub) => `${where}.${sub} (container ${c.name})`;
      const sidecar = init && c.restartPolicy === 'Always';

      // Resources: CPU and memory requested, memory limited, memory request = limit.
      const requests = c.resources?.requests ?? {};
      const limits = c.resources?.limits ?? {};
      for (const [what, value] of [['resources.requests.cpu', requests.cpu], ['resources.requests.memory', requests.memory], ['resources.limits.memory', limits.memory]]) {
        if (value === undefined) report(o, label, `${what} is not set`);
      }
      const [requested, limited] = [quantity(requests.memory), quantity(limits.memory)];
      if (!Number.isNaN(requested) && !Number.isNaN(limited) && requested !== limited) {
        report(o, label, `memory request ${requests.memory} differs from its limit ${limits.memory} (the JVM sizes its heap from the limit: keep them equal)`);
      }

      // Probes for long-running containers (not for Jobs, not for init containers that run to completion).
      if (LONG_RUNNING.has(o.kind) && (!init || sidecar)) {
        count('containers checked for probes');
        for (const probe of ['readinessProbe', 'livenessProbe']) {
          if (!c[probe]) report(o, label, `${probe} is not set`);
        }
      }
      const portNames = new Set((c.ports ?? []).map((p) => p.name).filter(Boolean));
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
        const port = c[probe]?.httpGet?.port ?? c[probe]?.tcpSocket?.port;
        if (typeof port === 'string' && !portNames.has(port)) report(o, at(probe), `port "${port}" is not a named port of the container`);
      }

      // Security context: the container's own settings, or the pod's where Kubernetes takes them from there.
      const sc = c.securityContext ?? {};
      const runAsNonRoot = sc.runAsNonRoot ?? podSecurity.runAsNonRoot;
      const runAsUser = sc.runAsUser ?? podSecurity.runAsUser;
      const seccomp = sc.seccompProfile?.type ?? podSecurity.seccompProfile?.type;
      if (runAsNonRoot !== true) report(o, label, 'runAsNonRoot is not true (container or pod securityContext)');
      if (runAsUser === 0) report(o, label, 'runAsUser is 0 (root)');
      if (sc.privileged === true) report(o, label, 'privileged is true');
      if (sc.allowPrivilegeEscalation !== false) report(o, label, 'securityContext.allowPrivilegeEscalation is not false');
      if (sc.readOnlyRootFilesystem !== true) report(o, label, 'securityContext.readOnlyRootFilesystem is not true');
      if (!(sc.capabilities?.drop ?? []).includes('ALL')) report(o, label, 'securityContext.capabilities.drop does not include ALL');
      if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') report(o, label, 'seccompProfile is neither RuntimeDefault nor Localhost (container or pod securityContext)');

      // Mounts name volumes of the pod; a read-only root filesystem needs an emptyDir at /tmp.
      for (const m of c.volumeMounts ?? []) {
        if (!volumes.has(m.name)) report(o, label, `volumeMount "${m.name}" names no volume of the pod`);
      }
      if (sc.readOnlyRootFilesystem === true) {
        const tmp = (c.volumeMounts ?? []).find((m) => m.mountPath === '/tmp');
        if (!tmp || !volumes.get(tmp.name)?.emptyDir) report(o, label, 'read-only root filesystem without an emptyDir mounted at /tmp');
      }

      // Environment: each name once; every referenced Secret and ConfigMap key exists.
      const envNames = new Set();
      for (const [i, e] of (c.env ?? []).entries()) {
        if (envNames.has(e.name)) report(o, at(`env[${i}]`), `${e.name} is set twice`);
        envNames.add(e.name);
        const sk = e.valueFrom?.secretKeyRef;
        if (sk) {
          count('secretKeyRef');
          const secret = findSecret(ns, sk.name);
          if (!secret) report(o, at(`env[${i}]`), `${e.name}: Secret "${sk.name}" is neither rendered nor in a Secret template`);
          else if (!secret.keys.has(sk.key)) report(o, at(`env[${i}]`), `${e.name}: key "${sk.key}" is not in ${secret.source} "${sk.name}"`);
        }
        const ck = e.valueFrom?.configMapKeyRef;
        if (ck) {
          count('configMapKeyRef');
          const cm = findIn(configMaps, ns, ck.name);
          if (!cm) report(o, at(`env[${i}]`), `${e.name}: ConfigMap "${ck.name}" is not among the rendered objects`);
          else if (!configMapKeys(cm).has(ck.key)) report(o, at(`env[${i}]`), `${e.name}: key "${ck.key}" is not in ConfigMap "${ck.name}"`);
        }
      }
      for (const [i, e] of (c.envFrom ?? []).entries()) {
        if (e.configMapRef && !findIn(configMaps, ns, e.configMapRef.name) && !e.configMapRef.optional) {
          report(o, at(`envFrom[${i}]`), `ConfigMap "${e.configMapRef.name}" is not among the rendered objects`);
        }
        if (e.secretRef && !findSecret(ns, e.secretRef.name) && !e.secretRef.optional) {
          report(o, at(`envFrom[${i}]`), `Secret "${e.secretRef.name}" is neither rendered nor in a Secret template`);
        }
      }
    }
  }

  const podsIn = (ns) => workloads.filter((w) => nsOf(w.o) === ns);

  // Services select the pods of a workload, and their target ports are ports of those pods.
  const services = byKind('Service');
  for (const s of services) {
    count('Services');
    if (s.spec?.type === 'ExternalName') continue;
    const selector = s.spec?.selector ?? {};
    if (Object.keys(selector).length === 0) {
      report(s, 'spec.selector', 'is empty: the Service selects no pods');
      continue;
    }
    const matched = podsIn(nsOf(s)).filter((w) => selects({ matchLabels: selector }, w.pod.labels));
    if (matched.length === 0) {
      report(s, 'spec.selector', `${JSON.stringify(selector)} selects no pods of the rendered workloads`);
      continue;
    }
    const containers = matched.flatMap((w) => w.pod.spec.containers ?? []);
    for (const [i, p] of (s.spec?.ports ?? []).entries()) {
      const target = p.targetPort ?? p.port;
      const found = containers.some((c) => (c.ports ?? []).some((cp) => (typeof target === 'string' ? cp.name === target : cp.containerPort === target)));
      if (!found) report(s, `spec.ports[${i}]`, `targetPort ${JSON.stringify(target)} is not a port of the selected pods (${matched.map((w) => nameOf(w.o)).join(', ')})`);
    }
  }

  // Ingress backends name existing Services and their ports.
  for (const ing of byKind('Ingress')) {
    const backends = [];
    if (ing.spec?.defaultBackend) backends.push({ where: 'spec.defaultBackend', b: ing.spec.defaultBackend });
    (ing.spec?.rules ?? []).forEach((r, i) => (r.http?.paths ?? []).forEach((p, j) => backends.push({ where: `spec.rules[${i}].http.paths[${j}] (${p.path ?? '/'})`, b: p.backend })));
    for (const { where, b } of backends) {
      count('Ingress backends');
      const ref = b?.service;
      if (!ref) {
        if (b?.resource) report(ing, where, 'resource backends are not checked');
        continue;
      }
      const svc = findIn(services, nsOf(ing), ref.name);
      if (!svc) {
        report(ing, where, `Service "${ref.name}" is not among the rendered objects`);
        continue;
      }
      const ports = svc.spec?.ports ?? [];
      const ok = ref.port?.name !== undefined
        ? ports.some((p) => p.name === ref.port.name)
        : ports.some((p) => p.port === ref.port?.number);
      if (!ok) report(ing, where, `Service "${ref.name}" has no port ${ref.port?.name !== undefined ? `named "${ref.port.name}"` : ref.port?.number}`);
    }
  }

  // PodDisruptionBudgets select the pods of a workload.
  for (const pdb of byKind('PodDisruptionBudget')) {
    count('PodDisruptionBudgets');
    if (!podsIn(nsOf(pdb)).some((w) => selects(pdb.spec?.selector, w.pod.labels))) {
      report(pdb, 'spec.selector', 'selects no pods of the rendered workloads');
    }
  }

  // HorizontalPodAutoscalers scale an existing workload, whose replicas lie within their bounds,
  // and whose containers request the resources they scale on.
  for (const hpa of byKind('HorizontalPodAutoscaler')) {
    count('HorizontalPodAutoscalers');
    const ref = hpa.spec?.scaleTargetRef ?? {};
    const target = objects.find((o) => o.kind === ref.kind && o.metadata?.name === ref.name && nsOf(o) === nsOf(hpa));
    if (!target || !SCALABLE.has(target.kind)) {
      report(hpa, 'spec.scaleTargetRef', `${ref.kind}/${ref.name} is not among the rendered workloads`);
      continue;
    }
    const min = hpa.spec?.minReplicas ?? 1;
    const max = hpa.spec?.maxReplicas;
    const replicas = target.spec?.replicas ?? 1;
    if (min > max) report(hpa, 'spec', `minReplicas ${min} is above maxReplicas ${max}`);
    if (replicas < min || replicas > max) {
      report(hpa, 'spec', `${nameOf(target)} has ${replicas} replicas, outside minReplicas ${min} .. maxReplicas ${max} (each kubectl apply sets that count again)`);
    }
    for (const [i, m] of (hpa.spec?.metrics ?? []).entries()) {
      if (m.type !== 'Resource' || m.resource?.target?.type !== 'Utilization') continue;
      for (const c of podTemplate(target)?.spec?.containers ?? []) {
        if (c.resources?.requests?.[m.resource.name] === undefined) {
          report(hpa, `spec.metrics[${i}]`, `scales on ${m.resource.name} utilization, but container ${c.name} of ${nameOf(target)} requests no ${m.resource.name}`);
        }
      }
    }
  }

  return { problems, counts };
}

/**
 * Lints the tree under root (infra/kubernetes): each target's rendered objects, and the Secret
 * templates. Returns { targets: [{ name, objects, counts, problems }], templates: {...}, ok }.
 */
export function lintTree(root, options = {}) {
  const templates = [];
  const templateProblems = [];
  const templateFiles = findTemplates(root);
  for (const file of templateFiles) {
    const { objects, problems } = parseYaml(fs.readFileSync(path.join(root, file), 'utf8'), file);
    templateProblems.push(...problems);
    for (const object of objects) {
      templates.push({ file, object });
      for (const p of validateObject(object)) templateProblems.push(`${file}: ${nameOf(object)}: ${p.replace(/^\(object\): /, '')}`);
    }
  }

  const targets = [];
  const names = findTargets(root);
  if (names.length === 0) targets.push({ name: root, objects: [], counts: {}, problems: ['no kustomization found in base/ or overlays/*/'] });
  for (const name of names) {
    const rendered = render(path.join(root, name), options.kubectl);
    const { problems, counts } = checkObjects(rendered.objects, templates);
    targets.push({ name, objects: rendered.objects, counts, problems: rendered.problems.concat(problems) });
  }

  const ok = templateProblems.length === 0 && targets.every((t) => t.problems.length === 0);
  return { targets, templates: { files: templateFiles, objects: templates.length, problems: templateProblems }, ok };
}

/** The report printed by lint.mjs. */
export function formatReport(result) {
  const lines = [];
  lines.push(`Schemas: fields of the Kubernetes ${FIELDS_VERSION} API (unknown fields refused), value types, required fields and formats of the ${TYPES_VERSION} OpenAPI definitions.`);
  const t = result.templates;
  lines.push(`Secret templates: ${t.files.length ? t.files.join(', ') : 'none'} (${t.objects} object${t.objects === 1 ? '' : 's'}, validated against the schema)`);
  for (const p of t.problems) lines.push(`  FAIL ${p}`);
  for (const target of result.targets) {
    const kinds = {};
    for (const o of target.objects) kinds[o.kind] = (kinds[o.kind] ?? 0) + 1;
    const summary = Object.entries(kinds).sort().map(([k, n]) => `${n} ${k}`).join(', ');
    lines.push(`${target.name}: rendered ${target.objects.length} object${target.objects.length === 1 ? '' : 's'}${summary ? ` (${summary})` : ''}`);
    const c = target.counts;
    const checked = [
      ['objects validated against the schema', 'objects checked against the schema'],
      ['containers', 'containers checked for resources, securityContext, mounts and env references'],
      ['containers checked for probes', 'long-running containers checked for readiness and liveness probes'],
      ['secretKeyRef', 'secretKeyRef keys looked up in the Secret templates'],
      ['configMapKeyRef', 'configMapKeyRef keys looked up in the rendered ConfigMaps'],
      ['Services', 'Service selectors and target ports matched to pods'],
      ['Ingress backends', 'Ingress backends matched to Services and ports'],
      ['PodDisruptionBudgets', 'PodDisruptionBudget selectors matched to pods'],
      ['HorizontalPodAutoscalers', 'HorizontalPodAutoscaler targets, bounds and requests checked'],
    ];
    for (const [key, text] of checked) if (c[key]) lines.push(`  ${String(c[key]).padStart(3)} ${text}`);
    for (const p of target.problems) lines.push(`  FAIL ${p}`);
    if (target.problems.length === 0) lines.push('  ok');
  }
  const total = t.problems.length + result.targets.reduce((n, x) => n + x.problems.length, 0);
  lines.push(total === 0 ? 'All checks passed.' : `${total} problem${total === 1 ? '' : 's'} found.`);
  return lines.join('\n');
}
