// Self-test of the lint: it must pass the manifests as they are, and report each deliberately
// broken copy (made in a temporary folder; the real files are never touched).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { lintTree, quantity, selects } from '../src/lint.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const checkDir = path.resolve(here, '..');
const root = path.resolve(checkDir, '..');
const copies = [];

after(() => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of infra/kubernetes without check/, in a fresh temporary folder. */
function copyTree() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chronohook-k8s-'));
  copies.push(dir);
  fs.cpSync(root, dir, {
    recursive: true,
    filter: (src) => path.relative(root, src).split(path.sep)[0] !== 'check',
  });
  return dir;
}

/** Edits the document of the given kind (and name) in a YAML file of the copy. */
function editDoc(dir, file, kind, name, edit) {
  const full = path.join(dir, file);
  const docs = parseAllDocuments(fs.readFileSync(full, 'utf8'));
  const doc = docs.find((d) => d.get('kind') === kind && (!name || d.getIn(['metadata', 'name']) === name));
  assert.ok(doc, `${kind} ${name ?? ''} in ${file}`);
  edit(doc);
  fs.writeFileSync(full, docs.map((d) => d.toString()).join('---\n'));
}

function problemsOf(result) {
  return result.templates.problems.concat(result.targets.flatMap((t) => t.problems.map((p) => `${t.name}: ${p}`)));
}

/** Lints the copy and asserts that it failed with a problem matching each pattern, in every target given. */
function assertReported(dir, patterns, targets = ['base', 'overlays/production']) {
  const result = lintTree(dir);
  const problems = problemsOf(result);
  assert.equal(result.ok, false, 'the lint passed a broken copy');
  for (const pattern of patterns) {
    for (const target of targets) {
      assert.ok(
        problems.some((p) => p.startsWith(`${target}: `) && pattern.test(p)),
        `expected a problem matching ${pattern} in ${target}; got:\n${problems.join('\n')}`,
      );
    }
  }
  return problems;
}

describe('the manifests as committed', () => {
  test('pass every check', () => {
    const result = lintTree(root);
    assert.deepEqual(problemsOf(result), []);
    assert.equal(result.ok, true);
    const names = result.targets.map((t) => t.name);
    assert.ok(names.includes('base') && names.includes('overlays/production'), names.join(', '));
    for (const t of result.targets) {
      const kinds = t.objects.map((o) => o.kind);
      for (const kind of ['Deployment', 'Service', 'Ingress', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'ConfigMap']) {
        assert.ok(kinds.includes(kind), `${t.name} renders a ${kind}`);
      }
    }
  });
});

describe('broken copies are reported', () => {
  test('an unknown field in a container', () => {
    const dir = copyTree();
    editDoc(dir, 'base/api.yaml', 'Deployment', 'chronohook-api', (d) => {
      d.setIn(['spec', 'template', 'spec', 'containers', 0, 'imagePullpolicy'], 'Always');
    });
    assertReported(dir, [/Deployment\/chronohook-api: spec\.template\.spec\.containers\[0\]\.imagePullpolicy: unknown field "imagePullpolicy"/]);
  });

  test('a field the Kubernetes 1.30 API does not have yet (an image volume, 1.31)', () => {
    const dir = copyTree();
    editDoc(dir, 'base/worker.yaml', 'Deployment', 'chronohook-worker', (d) => {
      d.setIn(['spec', 'template', 'spec', 'volumes', 0, 'image'], d.createNode({ reference: 'busybox' }));
    });
    assertReported(dir, [/Deployment\/chronohook-worker: spec\.template\.spec\.volumes\[0\]\.image: unknown field "image"/]);
  });

  test('a value of the wrong type', () => {
    const dir = copyTree();
    editDoc(dir, 'base/dashboard.yaml', 'Deployment', 'chronohook-dashboard', (d) => {
      d.setIn(['spec', 'template', 'spec', 'containers', 0, 'ports', 0, 'containerPort'], 'eighty');
    });
    assertReported(dir, [/Deployment\/chronohook-dashboard: spec\.template\.spec\.containers\[0\]\.ports\[0\]\.containerPort: must be integer/]);
  });

  test('a Service that selects nothing', () => {
    const dir = copyTree();
    editDoc(dir, 'base/dashboard.yaml', 'Service', 'chronohook-dashboard', (d) => {
      d.setIn(['spec', 'selector', 'app.kubernetes.io/component'], 'dashbaord');
    });
    assertReported(dir, [/Service\/chronohook-dashboard: spec\.selector: .*selects no pods/]);
  });

  test('an env key missing from the Secret template', () => {
    const dir = copyTree();
    editDoc(dir, 'base/secret.example.yaml', 'Secret', 'chronohook-secrets', (d) => {
      d.deleteIn(['stringData', 'SPRING_FLYWAY_PASSWORD']);
    });
    assertReported(dir, [
      /Deployment\/chronohook-api: .*SPRING_FLYWAY_PASSWORD: key "SPRING_FLYWAY_PASSWORD" is not in Secret template base\/secret\.example\.yaml "chronohook-secrets"/,
      /Deployment\/chronohook-worker: .*SPRING_FLYWAY_PASSWORD: key "SPRING_FLYWAY_PASSWORD" is not in Secret template/,
    ]);
  });

  test('an env key missing from the ConfigMap', () => {
    const dir = copyTree();
    const file = path.join(dir, 'base/config.env');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^CHRONOHOOK_DASHBOARD_SECURE_COOKIES=.*$/m, ''));
    assertReported(dir, [/Deployment\/chronohook-dashboard: .*key "CHRONOHOOK_DASHBOARD_SECURE_COOKIES" is not in ConfigMap "chronohook-config-/]);
  });

  test('an Ingress backend naming a port the Service does not have', () => {
    const dir = copyTree();
    editDoc(dir, 'base/ingress.yaml', 'Ingress', 'chronohook', (d) => {
      d.setIn(['spec', 'rules', 0, 'http', 'paths', 0, 'backend', 'service', 'port', 'name'], 'https');
    });
    assertReported(dir, [/Ingress\/chronohook: spec\.rules\[0\]\.http\.paths\[0\] \(\/api\): Service "chronohook-api" has no port named "https"/]);
  });

  test('a container without probes, with memory request below its limit, running as root', () => {
    const dir = copyTree();
    editDoc(dir, 'base/worker.yaml', 'Deployment', 'chronohook-worker', (d) => {
      d.deleteIn(['spec', 'template', 'spec', 'containers', 0, 'readinessProbe']);
      d.setIn(['spec', 'template', 'spec', 'containers', 0, 'resources', 'requests', 'memory'], '1Gi');
      d.setIn(['spec', 'template', 'spec', 'containers', 0, 'securityContext', 'runAsNonRoot'], false);
    });
    assertReported(dir, [
      /Deployment\/chronohook-worker: .*\(container backend\): readinessProbe is not set/,
      /Deployment\/chronohook-worker: .*\(container backend\): memory request 1Gi differs from its limit 2Gi/,
      /Deployment\/chronohook-worker: .*\(container backend\): runAsNonRoot is not true/,
    ]);
  });

  test('an HPA whose Deployment starts outside its bounds', () => {
    const dir = copyTree();
    editDoc(dir, 'overlays/production/kustomization.yaml', 'Kustomization', null, (d) => {
      d.setIn(['replicas', 0, 'count'], 1);
    });
    assertReported(dir, [/HorizontalPodAutoscaler\/chronohook-api: spec: Deployment\/chronohook-api has 1 replicas, outside minReplicas 3/], ['overlays/production']);
  });

  test('a kind the Kubernetes 1.30 API does not have (a custom resource)', () => {
    const dir = copyTree();
    fs.appendFileSync(path.join(dir, 'base/ingress.yaml'), [
      '---',
      'apiVersion: monitoring.coreos.com/v1',
      'kind: ServiceMonitor',
      'metadata:',
      '  name: chronohook',
      'spec:',
      '  endpoints: [{port: http, path: /actuator/prometheus}]',
      '',
    ].join('\n'));
    assertReported(dir, [/ServiceMonitor\/chronohook: no schema for monitoring\.coreos\.com\/v1 ServiceMonitor/]);
  });

  test('a kustomization that does not render', () => {
    const dir = copyTree();
    const file = path.join(dir, 'base/kustomization.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('  - ingress.yaml', '  - missing.yaml'));
    assertReported(dir, [/kubectl kustomize failed/]);
  });
});

describe('the command', () => {
  test('exits 1 and prints the problem for a broken copy, 0 for a good one', () => {
    const good = spawnSync(process.execPath, [path.join(checkDir, 'lint.mjs'), root], { encoding: 'utf8' });
    assert.equal(good.status, 0, good.stdout + good.stderr);
    assert.match(good.stdout, /All checks passed\./);

    const dir = copyTree();
    editDoc(dir, 'base/api.yaml', 'Service', 'chronohook-api', (d) => {
      d.setIn(['spec', 'selector', 'app.kubernetes.io/component'], 'apj');
    });
    const bad = spawnSync(process.execPath, [path.join(checkDir, 'lint.mjs'), dir], { encoding: 'utf8' });
    assert.equal(bad.status, 1, bad.stdout + bad.stderr);
    assert.match(bad.stdout, /FAIL Service\/chronohook-api: spec\.selector: .*selects no pods/);
    assert.match(bad.stdout, /problems? found\./);
  });
});

describe('helpers', () => {
  test('quantities', () => {
    assert.equal(quantity('1Gi'), quantity('1024Mi'));
    assert.equal(quantity('500m'), 0.5);
    assert.equal(quantity('2'), 2);
    assert.equal(quantity('1e3'), 1000);
    assert.ok(Number.isNaN(quantity('1 GB')));
  });

  test('selectors', () => {
    assert.ok(selects({ matchLabels: { a: '1' } }, { a: '1', b: '2' }));
    assert.ok(!selects({ matchLabels: { a: '1' } }, { a: '2' }));
    assert.ok(selects({ matchExpressions: [{ key: 'a', operator: 'In', values: ['1', '3'] }] }, { a: '3' }));
    assert.ok(!selects({ matchExpressions: [{ key: 'a', operator: 'DoesNotExist' }] }, { a: '3' }));
    assert.ok(!selects({}, { a: '1' }), 'an empty selector selects nothing here');
  });
});
