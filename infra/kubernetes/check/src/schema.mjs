// Validation of one Kubernetes object against the API's schema, offline.
//
// Two sources, both npm packages pinned in package.json:
// - kubernetes-types 1.30.0: the Kubernetes 1.30 API as TypeScript declarations, generated from
//   the API's OpenAPI definitions. Read with the TypeScript compiler, they give the fields every
//   object may have: a field they do not declare is an unknown field (as `kubectl apply` with
//   server-side strict field validation refuses it), and so is a field added after 1.30.
// - kubernetes-models 4.5.1: the Kubernetes 1.33.0 OpenAPI definitions compiled into JSON Schema
//   validators (ajv). They check value types, required fields, enums and formats (quantities,
//   int-or-string); they accept unknown fields, hence the first check.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);

export const FIELDS_VERSION = '1.30';
export const TYPES_VERSION = '1.33.0';

const GROUP_RE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\/)?v[0-9]+(?:(?:alpha|beta)[0-9]+)?$/;
const KIND_RE = /^[A-Z][A-Za-z0-9]*$/;

let compiler; // { ts, program, checker }, made once: every declaration file of the package

function typesRoot() {
  return path.dirname(require.resolve('kubernetes-types/package.json'));
}

function parseApiVersion(apiVersion) {
  if (typeof apiVersion !== 'string' || !GROUP_RE.test(apiVersion)) return null;
  const slash = apiVersion.indexOf('/');
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

function declarationFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : declarationFiles(file);
    return entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function loadCompiler() {
  if (!compiler) {
    const ts = require('typescript');
    const program = ts.createProgram(declarationFiles(typesRoot()), {
      lib: ['lib.es5.d.ts'], types: [], noEmit: true, skipLibCheck: true,
    });
    compiler = { ts, program, checker: program.getTypeChecker() };
  }
  return compiler;
}

// The declared type of a kind: core/v1.d.ts for v1, apps/v1.d.ts for apps/v1,
// networking/v1.d.ts for networking.k8s.io/v1, and so on.
function declaredType(group, version, kind) {
  const { program, checker } = loadCompiler();
  const dir = group === '' ? 'core' : group.split('.')[0];
  const source = program.getSourceFile(path.join(typesRoot(), dir, `${version}.d.ts`));
  if (!source) return null;
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const symbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === kind);
  if (!symbol) return null;
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  // Only top-level objects (with apiVersion and kind), not the parts they are made of.
  return type.getProperty('apiVersion') && type.getProperty('kind') ? type : null;
}

const keyPath = (at, key) => (/^[A-Za-z_$][\w$-]*$/.test(key) ? (at ? `${at}.${key}` : key) : `${at}[${JSON.stringify(key)}]`);

// Walks the object and its declared type together; every key the type does not declare is reported.
function unknownFields(value, type, at, out) {
  const { ts, checker } = compiler;
  if (value === null || value === undefined) return;
  let t = checker.getNonNullableType(type);
  if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  if (t.isUnion()) {
    const objects = t.types.filter((m) => m.flags & ts.TypeFlags.Object);
    if (objects.length !== 1) return; // primitives only (IntOrString, enums): the value check's business
    t = objects[0];
  }
  if (!(t.flags & ts.TypeFlags.Object)) return;
  if (Array.isArray(value)) {
    if (checker.isArrayType(t)) {
      const element = checker.getTypeArguments(t)[0];
      value.forEach((item, i) => unknownFields(item, element, `${at}[${i}]`, out));
    }
    return;
  }
  if (typeof value !== 'object') return;
  const index = checker.getIndexInfoOfType(t, ts.IndexKind.String);
  if (index) {
    for (const key of Object.keys(value)) unknownFields(value[key], index.type, keyPath(at, key), out);
    return;
  }
  if (checker.getPropertiesOfType(t).length === 0) return; // free-form (RawExtension, JSON)
  for (const key of Object.keys(value)) {
    const property = t.getProperty(key);
    if (!property) {
      out.push(`${keyPath(at, key)}: unknown field "${key}" (not in the Kubernetes ${FIELDS_VERSION} API)`);
      continue;
    }
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    unknownFields(value[key], checker.getTypeOfSymbolAtLocation(property, declaration), keyPath(at, key), out);
  }
}

function pointerToPath(pointer) {
  let at = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    at = /^[0-9]+$/.test(part) ? `${at}[${part}]` : keyPath(at, part);
  }
  return at || '(object)';
}

function valueErrors(obj, group, version, kind) {
  const module = group === '' ? `kubernetes-models/v1/${kind}` : `kubernetes-models/${group}/${version}/${kind}`;
  let Model;
  try {
    Model = require(module)[kind];
  } catch {
    return null;
  }
  if (typeof Model !== 'function') return null;
  try {
    new Model(obj).validate();
    return [];
  } catch (e) {
    if (!Array.isArray(e.errors)) throw e;
    const byPath = new Map();
    for (const err of simplify(e.errors, obj)) {
      const where = pointerToPath(err.instancePath ?? '');
      let message = err.message ?? err.keyword;
      if (err.keyword === 'required') message = `required field "${err.params.missingProperty}" is missing`;
      if (err.keyword === 'enum') message = `must be one of ${err.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
      if (!byPath.has(where)) byPath.set(where, []);
      if (!byPath.get(where).includes(message)) byPath.get(where).push(message);
    }
    return [...byPath].map(([where, messages]) => `${where}: ${messages.join('; ')}`);
  }
}

// A quantity or int-or-string that is neither: ajv says it for each branch of the oneOf; one
// sentence says it better.
function simplify(errors, obj) {
  const byPath = new Map();
  for (const err of errors) {
    const key = err.instancePath ?? '';
    if (!byPath.has(key)) byPath.set(key, []);
    byPath.get(key).push(err);
  }
  const out = [];
  for (const list of byPath.values()) {
    const format = list.find((e) => e.keyword === 'format');
    if (format && list.some((e) => e.keyword === 'oneOf')) {
      out.push({ ...format, message: `${JSON.stringify(valueAt(obj, format.instancePath))} is not a valid ${format.params.format}` });
    } else {
      out.push(...list);
    }
  }
  return out;
}

function valueAt(obj, pointer) {
  let v = obj;
  for (const raw of (pointer ?? '').split('/').slice(1)) v = v?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v;
}

/**
 * Validates one object. Returns a list of problems (strings, each starting with the field's path);
 * an object whose apiVersion and kind have no schema is one problem.
 */
export function validateObject(obj) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return ['(document): not a Kubernetes object'];
  const gv = parseApiVersion(obj.apiVersion);
  if (!gv || typeof obj.kind !== 'string' || !KIND_RE.test(obj.kind)) {
    return [`(object): apiVersion ${JSON.stringify(obj.apiVersion)} and kind ${JSON.stringify(obj.kind)} name no Kubernetes type`];
  }
  const declared = declaredType(gv.group, gv.version, obj.kind);
  const values = valueErrors(obj, gv.group, gv.version, obj.kind);
  if (!declared || values === null) {
    return [`(object): no schema for ${obj.apiVersion} ${obj.kind} in the Kubernetes ${FIELDS_VERSION} API (the lint knows the built-in kinds only, no custom resources)`];
  }
  const problems = [];
  unknownFields(obj, declared, '', problems);
  return problems.concat(values);
}
