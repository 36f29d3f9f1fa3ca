#!/usr/bin/env node
// Offline checks of the Terraform under infra/terraform, without terraform init or any provider download.
//
//   node check.mjs [folder]          check every .tf file under folder (default: the folder above this one)
//   node check.mjs --schema TYPE     print what the checker knows of a resource type (data.TYPE for a data source)
//
// Provider schemas come from the prebuilt CDKTF bindings in node_modules: @cdktf/provider-aws 21.22.1 is
// hashicorp/aws 6.25.0 and @cdktf/provider-random 12.0.1 is hashicorp/random 3.7.2. Each resource class there
// lists every argument it can set (synthesizeHclAttributes: name, block or not, type) and each nested block has
// a function of its own listing its arguments; the .d.ts interfaces tell which are required. HCL is read with
// @cdktf/hcl2json. Exit status: 0 with no problem, 1 with problems, 2 when the checker itself cannot run.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const hcl = require("@cdktf/hcl2json");

// ---------------------------------------------------------------------------------------------------------
// Provider schemas from the CDKTF bindings

const PROVIDERS = {
  aws: { pkg: "@cdktf/provider-aws", prefix: "aws_" },
  random: { pkg: "@cdktf/provider-random", prefix: "random_" },
};

function packageDir(pkg) {
  return path.dirname(require.resolve(`${pkg}/package.json`));
}

function packageVersion(pkg) {
  return JSON.parse(fs.readFileSync(path.join(packageDir(pkg), "package.json"), "utf8")).version;
}

function providerVersion(pkg) {
  const readme = fs.readFileSync(path.join(packageDir(pkg), "README.md"), "utf8");
  const match = /provider version ([0-9.]+)/.exec(readme);
  return match ? match[1] : "unknown";
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const kebab = (snake) => snake.replace(/_/g, "-");
const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// The text from `start` up to the line holding only `closing` (a function's or a method's end).
function bodyFrom(text, start, closing) {
  const end = text.indexOf(`\n${closing}\n`, start);
  return end < 0 ? text.slice(start) : text.slice(start, end);
}

const ENTRY = /^\s*"?([A-Za-z0-9_]+)"?: \{\s*value: ([^\n]*),\s*isBlock: (true|false),\s*type: "(\w+)",\s*storageClassType: "(\w+)",\s*\},?$/gm;

function parseEntries(body) {
  const entries = {};
  for (const match of body.matchAll(ENTRY)) {
    const [, name, value, isBlock, type, storage] = match;
    const fn = /(?<![\w.])([a-z][A-Za-z0-9]*)ToHclTerraform\b/.exec(value);
    const prop = /(?:this\._|struct\.)([A-Za-z0-9_]+)/.exec(value);
    entries[name] = {
      isBlock: isBlock === "true",
      type,
      storage,
      fn: fn ? fn[1] : null,
      prop: prop ? prop[1] : null,
    };
  }
  return entries;
}

// Names of the interface's required members (declared without "?").
function requiredMembers(dts, interfaceName) {
  const start = new RegExp(`\\nexport interface ${escapeRegExp(interfaceName)}\\b[^{]*\\{`).exec(dts);
  if (!start) return new Set();
  const body = bodyFrom(dts, start.index + start[0].length, "}");
  const names = new Set();
  for (const match of body.matchAll(/^ {4}readonly (\w+)(\?)?:/gm)) {
    if (!match[2]) names.add(match[1]);
  }
  return names;
}

function toSchema(entries, required) {
  const schema = { attrs: {}, required: new Set() };
  for (const [name, entry] of Object.entries(entries)) {
    schema.attrs[name] = entry;
    if (entry.prop && required.has(entry.prop)) schema.required.add(name);
  }
  return schema;
}

// Terraform's own resource type, in no provider package.
const BUILT_IN_TERRAFORM_DATA = {
  attrs: {
    input: { isBlock: false, type: "simple", storage: "any" },
    triggers_replace: { isBlock: false, type: "simple", storage: "any" },
  },
  required: new Set(),
  readable: new Set(["id", "input", "output", "triggers_replace"]),
};

class ProviderSchemas {
  constructor() {
    this.cache = new Map();
    this.indexes = new Map();
  }

  providerOf(type) {
    for (const [name, provider] of Object.entries(PROVIDERS)) {
      if (type === name || type.startsWith(provider.prefix)) return name;
    }
    return null;
  }

  // Directory (under lib/) of the class whose tfResourceType is `type`, kind "resource", "data" or "provider".
  findDir(provider, kind, type) {
    const lib = path.join(packageDir(PROVIDERS[provider].pkg), "lib");
    const marker = `.tfResourceType = "${type}";`;
    const guess = kind === "provider" ? "provider" : kind === "data" ? `data-${kebab(type)}` : kebab(type.slice(PROVIDERS[provider].prefix.length));
    const isMatch = (dir) => {
      const file = path.join(lib, dir, "index.js");
      return fs.existsSync(file) && fs.readFileSync(file, "utf8").includes(marker);
    };
    if (isMatch(guess)) return path.join(lib, guess);
    // Not where the naming rule puts it (random_string lives in string-resource): look through all classes once.
    const index = this.index(provider, lib);
    const dir = index.get(`${kind}:${type}`);
    return dir ? path.join(lib, dir) : null;
  }

  index(provider, lib) {
    if (this.indexes.has(provider)) return this.indexes.get(provider);
    const index = new Map();
    for (const dir of fs.readdirSync(lib)) {
      const file = path.join(lib, dir, "index.js");
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, "utf8");
      const match = /\.tfResourceType = "([a-z0-9_]+)";/.exec(text);
      if (!match) continue;
      const kind = dir === "provider" ? "provider" : dir.startsWith("data-") ? "data" : "resource";
      index.set(`${kind}:${match[1]}`, dir);
    }
    this.indexes.set(provider, index);
    return index;
  }

  // Every known type of a kind, for suggestions.
  knownTypes(provider, kind) {
    const lib = path.join(packageDir(PROVIDERS[provider].pkg), "lib");
    return [...this.index(provider, lib).keys()].filter((key) => key.startsWith(`${kind}:`)).map((key) => key.slice(kind.length + 1));
  }

  get(kind, type) {
    const key = `${kind}:${type}`;
    if (this.cache.has(key)) return this.cache.get(key);
    if (kind === "resource" && type === "terraform_data") return BUILT_IN_TERRAFORM_DATA;
    const provider = this.providerOf(type);
    let schema = null;
    if (provider) {
      const dir = this.findDir(provider, kind, type);
      if (dir) schema = this.load(dir, type);
    }
    this.cache.set(key, schema);
    return schema;
  }

  load(dir, type) {
    const js = fs.readFileSync(path.join(dir, "index.js"), "utf8");
    const dtsFile = path.join(dir, "index.d.ts");
    const dts = fs.existsSync(dtsFile) ? fs.readFileSync(dtsFile, "utf8") : "";
    const className = new RegExp(`\\n(\\w+)\\.tfResourceType = "${escapeRegExp(type)}";`).exec(js)[1];
    const classStart = js.indexOf(`class ${className} extends`);
    const method = js.indexOf("synthesizeHclAttributes() {", classStart);
    const top = toSchema(parseEntries(bodyFrom(js, method, "    }")), requiredMembers(dts, `${className}Config`));
    // Everything a reference may read: the class's attribute getters, settable or computed.
    const classBody = js.slice(classStart, js.indexOf(`\n${className}.tfResourceType`, classStart));
    top.readable = new Set(Object.keys(top.attrs));
    for (const match of classBody.matchAll(/\.(?:get\w*Attribute|interpolationForAttribute)\('([a-z0-9_]+)'\)/g)) top.readable.add(match[1]);
    for (const match of classBody.matchAll(/new \w+\(this, "([a-z0-9_]+)"/g)) top.readable.add(match[1]);
    const structs = new Map();
    const resolve = (schema) => {
      for (const entry of Object.values(schema.attrs)) {
        if (!entry.isBlock || !entry.fn) continue;
        if (!structs.has(entry.fn)) {
          const start = js.indexOf(`\nfunction ${entry.fn}ToHclTerraform(struct) {`);
          const nested = { attrs: {}, required: new Set() };
          structs.set(entry.fn, nested);
          if (start >= 0) {
            const built = toSchema(parseEntries(bodyFrom(js, start + 1, "}")), requiredMembers(dts, capitalize(entry.fn)));
            Object.assign(nested, built);
            resolve(nested);
          }
        }
        entry.nested = structs.get(entry.fn);
      }
    };
    resolve(top);
    return top;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

function levenshtein(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = saved;
    }
  }
  return row[b.length];
}

function suggestion(name, candidates) {
  let best = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = levenshtein(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(name.length / 4)) ? ` (did you mean "${best}"?)` : "";
}

const isExpression = (value) => typeof value === "string" && /\$\{|%\{/.test(value);
const isBlockList = (value) => Array.isArray(value) && value.length > 0 && value.every((item) => item && typeof item === "object" && !Array.isArray(item));
const first = (value) => (Array.isArray(value) ? value[0] : value);

function listTfDirs(root) {
  const dirs = [];
  const walk = (dir) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    if (entries.some((entry) => entry.isFile() && entry.name.endsWith(".tf"))) dirs.push(dir);
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      if (path.resolve(dir, entry.name) === here) continue;
      walk(path.join(dir, entry.name));
    }
  };
  walk(root);
  return dirs.sort();
}

// References in one HCL expression, as lists of names ("[]" for an index or a splat), with the iteration
// variables of for expressions left out.
async function referencesIn(file, text) {
  const quoted = text.startsWith('"') ? text : `"${text}"`;
  const { wrap } = hcl.wrapTerraformExpression(quoted);
  let ast = null;
  try {
    ast = await hcl.getExpressionAst(file, wrap);
  } catch {
    ast = null;
  }
  if (!ast) {
    return [...text.matchAll(/\b(var|local|module|data)\.([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_-]*))?/g)].map((match) => match.slice(1).filter(Boolean));
  }
  const found = [];
  const visit = (node, scope) => {
    if (!node) return;
    if (node.type === "scopeTraversal") {
      const parts = node.meta.traversal.map((part) => (part.type === "nameTraversal" ? part.segment : "[]"));
      if (parts.length && !scope.has(parts[0])) found.push(parts);
      return;
    }
    if (node.type === "splat" && node.children?.length) {
      // source[*].attribute: keep the attribute after the source's names.
      const [source, ...rest] = node.children;
      const before = found.length;
      visit(source, scope);
      const each = (node.meta.eachExpression || "").replace(/^\s*(\[\*\]|\.\*)?\.?/, "");
      const names = each.split(/\.|\[[^\]]*\]/).filter(Boolean);
      if (found.length === before + 1 && names.length) found[before].push("[]", ...names);
      rest.forEach((child) => visit(child, scope));
      return;
    }
    if (node.type === "for") {
      const inner = new Set(scope);
      if (node.meta.keyVar) inner.add(node.meta.keyVar);
      if (node.meta.valVar) inner.add(node.meta.valVar);
      for (const child of node.children || []) {
        visit(child, child.meta?.value === node.meta.collectionExpression ? scope : inner);
      }
      return;
    }
    for (const child of node.children || []) visit(child, scope);
  };
  visit(ast, new Set());
  return found;
}

// Every string in a parsed value, with the names of the dynamic-block iterators in scope.
function* stringsIn(value, scope = new Set()) {
  if (typeof value === "string") {
    yield { text: value, scope };
  } else if (Array.isArray(value)) {
    for (const item of value) yield* stringsIn(item, scope);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (isExpression(key)) yield { text: key, scope };
      if (key === "dynamic" && item && typeof item === "object" && !Array.isArray(item)) {
        for (const [blockName, blocks] of Object.entries(item)) {
          for (const block of [].concat(blocks)) {
            const iterator = typeof block?.iterator === "string" ? block.iterator.replace(/^\$\{|\}$/g, "") : blockName;
            const inner = new Set(scope).add(iterator);
            for (const [dynamicKey, dynamicValue] of Object.entries(block || {})) {
              yield* stringsIn(dynamicValue, dynamicKey === "for_each" ? scope : inner);
            }
          }
        }
      } else {
        yield* stringsIn(item, scope);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The checker

const RESOURCE_META = new Set(["count", "for_each", "depends_on", "lifecycle", "provider", "provisioner", "connection"]);
const DATA_META = new Set(["count", "for_each", "depends_on", "lifecycle", "provider"]);
const PROVIDER_META = new Set(["alias", "version"]);
const MODULE_META = new Set(["source", "version", "count", "for_each", "depends_on", "providers"]);
const LIFECYCLE_KEYS = new Set(["create_before_destroy", "prevent_destroy", "ignore_changes", "replace_triggered_by", "precondition", "postcondition"]);
const CONDITION_KEYS = new Set(["condition", "error_message"]);
const DYNAMIC_KEYS = new Set(["for_each", "iterator", "labels", "content"]);
const TOP_LEVEL = new Set(["terraform", "provider", "variable", "output", "locals", "module", "resource", "data", "moved", "import", "check", "removed", "ephemeral"]);
const SPECIAL_ROOTS = new Set(["var", "local", "module", "data", "each", "count", "path", "self", "terraform"]);
// Attributes whose value is a secret: an output reading one must be marked sensitive.
const SECRET_READS = [
  (parts) => ["random_password", "random_bytes", "random_string"].includes(parts[0]) && !["id", "length"].includes(parts.at(-1)),
  (parts) => parts[0] === "aws_secretsmanager_secret_version" && !["arn", "id", "secret_id", "version_id", "version_stages"].includes(parts.at(-1)),
  (parts) => parts[0] !== "var" && parts[0] !== "local" && parts[0] !== "module" && ["auth_token", "password", "secret_string", "master_password"].includes(parts.at(-1)),
];

export async function check(root) {
  const schemas = new ProviderSchemas();
  const problems = [];
  const counts = { files: 0, modules: 0, resources: 0, dataSources: 0, providerBlocks: 0, arguments: 0, variables: 0, outputs: 0, moduleCalls: 0, moduleArguments: 0, references: 0 };
  const rel = (file) => path.relative(root, file) || ".";
  const report = (file, where, message) => problems.push(`${rel(file)}: ${where}: ${message}`);

  // Parse every module (a folder with .tf files).
  const modules = new Map();
  for (const dir of listTfDirs(root)) {
    const module = { dir, files: [], variables: new Map(), outputs: new Map(), locals: new Map(), resources: new Map(), data: new Map(), calls: new Map(), providers: [], requiredProviders: new Set() };
    modules.set(dir, module);
    counts.modules++;
    for (const name of fs.readdirSync(dir).filter((entry) => entry.endsWith(".tf")).sort()) {
      const file = path.join(dir, name);
      counts.files++;
      let parsed;
      try {
        parsed = await hcl.parse(name, fs.readFileSync(file, "utf8"));
      } catch (error) {
        report(file, "file", `does not parse as HCL: ${String(error.message || error).split("\n")[0]}`);
        continue;
      }
      module.files.push({ file, parsed });
      const declare = (map, key, entry, what) => {
        if (map.has(key)) report(file, what, `declared twice (also in ${rel(map.get(key).file)})`);
        else map.set(key, entry);
      };
      for (const kind of Object.keys(parsed)) {
        if (!TOP_LEVEL.has(kind)) report(file, kind, "is not a Terraform block type");
      }
      for (const [label, bodies] of Object.entries(parsed.variable || {})) {
        declare(module.variables, label, { file, body: first(bodies) }, `variable "${label}"`);
      }
      for (const [label, bodies] of Object.entries(parsed.output || {})) {
        declare(module.outputs, label, { file, body: first(bodies) }, `output "${label}"`);
      }
      for (const block of parsed.locals || []) {
        for (const [label, value] of Object.entries(block)) declare(module.locals, label, { file, value }, `local "${label}"`);
      }
      for (const [type, named] of Object.entries(parsed.resource || {})) {
        for (const [label, bodies] of Object.entries(named)) declare(module.resources, `${type}.${label}`, { file, type, name: label, body: first(bodies) }, `resource "${type}" "${label}"`);
      }
      for (const [type, named] of Object.entries(parsed.data || {})) {
        for (const [label, bodies] of Object.entries(named)) declare(module.data, `${type}.${label}`, { file, type, name: label, body: first(bodies) }, `data "${type}" "${label}"`);
      }
      for (const [label, bodies] of Object.entries(parsed.module || {})) {
        declare(module.calls, label, { file, name: label, body: first(bodies) }, `module "${label}"`);
      }
      for (const [label, bodies] of Object.entries(parsed.provider || {})) {
        for (const body of [].concat(bodies)) module.providers.push({ file, name: label, body });
      }
      for (const block of parsed.terraform || []) {
        for (const required of [].concat(block.required_providers || [])) {
          for (const providerName of Object.keys(required || {})) module.requiredProviders.add(providerName);
        }
      }
    }
  }

  // Arguments and nested blocks of a resource, data source or provider block against the provider schema.
  const checkBody = (file, where, type, body, schema, meta, scopeLabel) => {
    const present = new Set();
    for (const [key, value] of Object.entries(body || {})) {
      if (meta && meta.has(key)) {
        if (key === "lifecycle") checkLifecycle(file, where, value, schema);
        continue;
      }
      if (key === "dynamic") {
        for (const [blockName, blocks] of Object.entries(value || {})) {
          counts.arguments++;
          const entry = schema.attrs[blockName];
          const label = `${scopeLabel}dynamic "${blockName}"`;
          if (!entry) {
            report(file, where, `${label}: "${blockName}" is not a block of ${type}${suggestion(blockName, Object.keys(schema.attrs))}`);
            continue;
          }
          if (!entry.isBlock) {
            report(file, where, `${label}: "${blockName}" is an argument of ${type}, not a block: dynamic cannot make it`);
            continue;
          }
          present.add(blockName);
          for (const block of [].concat(blocks)) {
            for (const dynamicKey of Object.keys(block || {})) {
              if (!DYNAMIC_KEYS.has(dynamicKey)) report(file, where, `${label}: "${dynamicKey}" is not an argument of a dynamic block (for_each, iterator, labels, content)`);
            }
            if (!("for_each" in (block || {}))) report(file, where, `${label}: for_each is missing`);
            if (!isBlockList(block?.content)) {
              report(file, where, `${label}: a content block is missing`);
              continue;
            }
            for (const content of block.content) checkBody(file, where, type, content, entry.nested || { attrs: {}, required: new Set() }, null, `${label} content: `);
          }
        }
        continue;
      }
      counts.arguments++;
      const entry = schema.attrs[key];
      if (!entry) {
        report(file, where, `${scopeLabel}"${key}" is not an argument or block of ${type}${suggestion(key, Object.keys(schema.attrs))}`);
        continue;
      }
      present.add(key);
      if (entry.isBlock) {
        if (!isBlockList(value)) {
          report(file, where, `${scopeLabel}"${key}" is a block of ${type}: write ${key} { ... } (or a dynamic block), not ${key} = ...`);
          continue;
        }
        for (const block of value) checkBody(file, where, type, block, entry.nested || { attrs: {}, required: new Set() }, null, `${scopeLabel}${key}: `);
      } else {
        checkLiteral(file, where, scopeLabel, type, key, value, entry);
      }
    }
    for (const required of schema.required) {
      if (!present.has(required)) report(file, where, `${scopeLabel}required argument or block "${required}" of ${type} is missing`);
    }
  };

  const checkLiteral = (file, where, scopeLabel, type, key, value, entry) => {
    const storage = entry.storage;
    const label = `${scopeLabel}"${key}"`;
    if (isBlockList(value) && /^(string|number|boolean)(List|Map)?$/.test(storage)) {
      report(file, where, `${label} is an argument of ${type} (${storage}), not a block: write ${key} = ...`);
      return;
    }
    if (isExpression(value) || value === null) return;
    if (storage === "number" && (typeof value === "boolean" || Array.isArray(value) || typeof value === "object" || (typeof value === "string" && Number.isNaN(Number(value))))) {
      report(file, where, `${label} of ${type} takes a number, not ${JSON.stringify(value)}`);
    } else if (storage === "boolean" && !(typeof value === "boolean" || value === "true" || value === "false")) {
      report(file, where, `${label} of ${type} takes true or false, not ${JSON.stringify(value)}`);
    } else if (storage === "string" && typeof value === "object") {
      report(file, where, `${label} of ${type} takes a string, not ${Array.isArray(value) ? "a list" : "an object"}`);
    } else if (/List$/.test(storage) && !Array.isArray(value)) {
      report(file, where, `${label} of ${type} takes a list, not ${JSON.stringify(value)}`);
    } else if (/Map$/.test(storage) && (typeof value !== "object" || Array.isArray(value))) {
      report(file, where, `${label} of ${type} takes a map, not ${JSON.stringify(value)}`);
    }
  };

  const checkLifecycle = (file, where, value, schema) => {
    for (const block of [].concat(value)) {
      for (const [key, item] of Object.entries(block || {})) {
        if (!LIFECYCLE_KEYS.has(key)) {
          report(file, where, `lifecycle: "${key}" is not a lifecycle argument${suggestion(key, [...LIFECYCLE_KEYS])}`);
        } else if (key === "precondition" || key === "postcondition") {
          for (const condition of [].concat(item)) {
            for (const conditionKey of Object.keys(condition || {})) {
              if (!CONDITION_KEYS.has(conditionKey)) report(file, where, `lifecycle ${key}: "${conditionKey}" is not an argument (condition, error_message)`);
            }
          }
        } else if (key === "ignore_changes" && Array.isArray(item)) {
          for (const entry of item) {
            const name = String(entry).replace(/^\$\{/, "").split(/[.[}]/)[0];
            if (name !== "all" && schema && !schema.attrs[name]) report(file, where, `lifecycle ignore_changes: "${name}" is not an argument of this block${suggestion(name, Object.keys(schema.attrs))}`);
          }
        }
      }
    }
  };

  // Resources, data sources and provider blocks.
  for (const module of modules.values()) {
    for (const [kind, map, meta] of [["resource", module.resources, RESOURCE_META], ["data", module.data, DATA_META]]) {
      for (const item of map.values()) {
        const where = `${kind} "${item.type}" "${item.name}"`;
        if (kind === "resource") counts.resources++;
        else counts.dataSources++;
        const provider = schemas.providerOf(item.type);
        if (provider && !module.requiredProviders.has(provider)) {
          report(item.file, where, `provider "${provider}" is not in this module's required_providers`);
        }
        const schema = schemas.get(kind, item.type);
        if (!schema) {
          const candidates = provider ? schemas.knownTypes(provider, kind) : [];
          report(item.file, where, `unknown ${kind === "data" ? "data source" : "resource"} type "${item.type}"${suggestion(item.type, candidates)}`);
          continue;
        }
        checkBody(item.file, where, item.type, item.body, schema, meta, "");
      }
    }
    for (const item of module.providers) {
      const where = `provider "${item.name}"`;
      counts.providerBlocks++;
      const schema = schemas.get("provider", item.name);
      if (!schema) {
        report(item.file, where, `no schema known for provider "${item.name}"`);
        continue;
      }
      checkBody(item.file, where, item.name, item.body, schema, PROVIDER_META, "");
    }
  }

  // Variables and outputs: a type and a description each.
  for (const module of modules.values()) {
    for (const [name, { file, body }] of module.variables) {
      counts.variables++;
      if (typeof body?.description !== "string" || body.description.trim() === "") report(file, `variable "${name}"`, "has no description");
      if (!("type" in (body || {}))) report(file, `variable "${name}"`, "has no type");
    }
    for (const [name, { file, body }] of module.outputs) {
      counts.outputs++;
      if (typeof body?.description !== "string" || body.description.trim() === "") report(file, `output "${name}"`, "has no description");
    }
  }

  // Module calls: a local source, declared arguments only, every required variable given.
  const callee = (module, call) => {
    const source = call.body?.source;
    if (typeof source !== "string" || !/^\.\.?\//.test(source)) return null;
    return modules.get(path.resolve(module.dir, source)) || null;
  };
  for (const module of modules.values()) {
    for (const call of module.calls.values()) {
      counts.moduleCalls++;
      const where = `module "${call.name}"`;
      const source = call.body?.source;
      if (typeof source !== "string") {
        report(call.file, where, "has no source");
        continue;
      }
      if (!/^\.\.?\//.test(source)) {
        report(call.file, where, `source "${source}" is not a local path; only local modules can be checked offline`);
        continue;
      }
      const target = callee(module, call);
      if (!target) {
        report(call.file, where, `source "${source}" is not a folder of .tf files under ${rel(root)}`);
        continue;
      }
      for (const key of Object.keys(call.body)) {
        if (MODULE_META.has(key)) continue;
        counts.moduleArguments++;
        if (!target.variables.has(key)) report(call.file, where, `argument "${key}" is not a variable of ${source}${suggestion(key, [...target.variables.keys()])}`);
      }
      for (const [name, { body }] of target.variables) {
        if (!("default" in (body || {})) && !(name in call.body)) report(call.file, where, `required variable "${name}" of ${source} is not given`);
      }
    }
  }

  // References: var.X, local.X, module.M.O, resources and data sources must be declared in the module.
  for (const module of modules.values()) {
    const usedVariables = new Set();
    const sensitiveOutputsOf = (call) => {
      const target = callee(module, call);
      return target ? new Set([...target.outputs].filter(([, output]) => output.body?.sensitive === true).map(([name]) => name)) : new Set();
    };
    const secretReference = (parts, sensitiveLocals) => {
      if (parts[0] === "var") return module.variables.get(parts[1])?.body?.sensitive === true;
      if (parts[0] === "local") return sensitiveLocals.has(parts[1]);
      if (parts[0] === "module") {
        const call = module.calls.get(parts[1]);
        const output = parts[2] === "[]" ? parts[3] : parts[2];
        return Boolean(call && output && sensitiveOutputsOf(call).has(output));
      }
      const names = parts[0] === "data" ? parts.slice(1) : parts;
      return SECRET_READS.some((rule) => rule(names.filter((part) => part !== "[]")));
    };
    // The first attribute a reference reads (after any index) must be one the type has.
    const checkRead = (file, where, kind, type, address, rest) => {
      const attribute = rest.find((part) => part !== "[]");
      const schema = schemas.get(kind, type);
      if (!attribute || !schema?.readable || schema.readable.has(attribute)) return;
      report(file, where, `${address}.${attribute}: ${type} has no attribute "${attribute}"${suggestion(attribute, [...schema.readable])}`);
    };
    const checkReferences = async (file, where, value) => {
      const all = [];
      for (const { text, scope } of stringsIn(value)) {
        if (!isExpression(text)) continue;
        for (const parts of await referencesIn(path.basename(file), text)) {
          if (scope.has(parts[0])) continue;
          all.push(parts);
          counts.references++;
          const [root, name, attribute] = parts;
          if (root === "var") {
            usedVariables.add(name);
            if (!module.variables.has(name)) report(file, where, `var.${name} is not declared in this module${suggestion(name, [...module.variables.keys()])}`);
          } else if (root === "local") {
            if (!module.locals.has(name)) report(file, where, `local.${name} is not declared in this module${suggestion(name, [...module.locals.keys()])}`);
          } else if (root === "module") {
            const call = module.calls.get(name);
            if (!call) {
              report(file, where, `module.${name} is not called in this module${suggestion(name, [...module.calls.keys()])}`);
              continue;
            }
            const output = attribute === "[]" ? parts[3] : attribute;
            const target = callee(module, call);
            if (output && output !== "[]" && target && !target.outputs.has(output)) {
              report(file, where, `module.${name}.${output}: ${call.body.source} has no output "${output}"${suggestion(output, [...target.outputs.keys()])}`);
            }
          } else if (root === "data") {
            if (!name || !attribute || attribute === "[]") continue;
            if (!module.data.has(`${name}.${attribute}`)) report(file, where, `data.${name}.${attribute} is not declared in this module`);
            else checkRead(file, where, "data", name, `data.${name}.${attribute}`, parts.slice(3));
          } else if (!SPECIAL_ROOTS.has(root) && (schemas.providerOf(root) || root === "terraform_data") && root !== schemas.providerOf(root) && name && name !== "[]") {
            if (!module.resources.has(`${root}.${name}`)) report(file, where, `${root}.${name} is not declared in this module`);
            else checkRead(file, where, "resource", root, `${root}.${name}`, parts.slice(2));
          }
        }
      }
      return all;
    };

    // Locals first, to know which of them carry a secret.
    const localReferences = new Map();
    for (const [name, { file, value }] of module.locals) localReferences.set(name, await checkReferences(file, `local "${name}"`, value));
    const sensitiveLocals = new Set();
    for (let changed = true; changed; ) {
      changed = false;
      for (const [name, references] of localReferences) {
        if (!sensitiveLocals.has(name) && references.some((parts) => secretReference(parts, sensitiveLocals))) {
          sensitiveLocals.add(name);
          changed = true;
        }
      }
    }
    for (const item of module.resources.values()) {
      const { lifecycle, ...rest } = item.body || {};
      const where = `resource "${item.type}" "${item.name}"`;
      await checkReferences(item.file, where, rest);
      for (const block of [].concat(lifecycle || [])) {
        const { ignore_changes: ignored, ...conditions } = block || {};
        await checkReferences(item.file, where, conditions);
      }
    }
    for (const item of module.data.values()) await checkReferences(item.file, `data "${item.type}" "${item.name}"`, item.body);
    for (const call of module.calls.values()) await checkReferences(call.file, `module "${call.name}"`, call.body);
    for (const provider of module.providers) await checkReferences(provider.file, `provider "${provider.name}"`, provider.body);
    for (const [name, { file, body }] of module.variables) {
      await checkReferences(file, `variable "${name}"`, { validation: body?.validation });
    }
    for (const [name, { file, body }] of module.outputs) {
      const references = await checkReferences(file, `output "${name}"`, body);
      if (body?.sensitive !== true && references.some((parts) => secretReference(parts, sensitiveLocals))) {
        report(file, `output "${name}"`, "reads a secret value but is not marked sensitive = true");
      }
    }
    for (const [name, { file }] of module.variables) {
      if (!usedVariables.has(name)) report(file, `variable "${name}"`, "is declared but never used");
    }
  }

  return { problems, counts };
}

function printSchema(target) {
  const schemas = new ProviderSchemas();
  const [kind, type] = target.startsWith("data.") ? ["data", target.slice(5)] : ["resource", target];
  const schema = schemas.get(kind, type);
  if (!schema) {
    console.error(`unknown ${kind} type ${type}`);
    return 1;
  }
  const print = (node, indent) => {
    for (const [name, entry] of Object.entries(node.attrs)) {
      const required = node.required.has(name) ? " (required)" : "";
      console.log(`${indent}${name}${entry.isBlock ? " {}" : ""}: ${entry.type} ${entry.storage}${required}`);
      if (entry.isBlock && entry.nested) print(entry.nested, `${indent}  `);
    }
  };
  print(schema, "");
  return 0;
}

async function main(argv) {
  if (argv[0] === "--schema" && argv[1]) return printSchema(argv[1]);
  const root = path.resolve(argv[0] || path.join(here, ".."));
  if (!fs.existsSync(root)) {
    console.error(`no such folder: ${root}`);
    return 2;
  }
  const { problems, counts } = await check(root);
  const aws = PROVIDERS.aws.pkg;
  const random = PROVIDERS.random.pkg;
  const n = (count, singular, plural = `${singular}s`) => `${count} ${count === 1 ? singular : plural}`;
  console.log(`Terraform under ${root}, checked offline against hashicorp/aws ${providerVersion(aws)} (${aws} ${packageVersion(aws)}) and hashicorp/random ${providerVersion(random)} (${random} ${packageVersion(random)}):`);
  console.log(`  ${n(counts.files, ".tf file")} in ${n(counts.modules, "module folder")}, each parsed`);
  console.log(`  ${n(counts.resources, "resource")}, ${n(counts.dataSources, "data source")} and ${n(counts.providerBlocks, "provider block")}: type known, ${n(counts.arguments, "argument or block", "arguments and blocks")} (nested and dynamic ones included) found in the provider schema, required ones present`);
  console.log(`  ${n(counts.variables, "variable")} (type, description, used), ${n(counts.outputs, "output")} (description, sensitive when reading a secret)`);
  console.log(`  ${n(counts.moduleCalls, "module call")}: ${n(counts.moduleArguments, "argument")} declared by the called module, its required variables given`);
  console.log(`  ${n(counts.references, "reference")} (var., local., module.<name>.<output>, resources and data sources with the attribute read) declared where used`);
  if (problems.length === 0) {
    console.log("No problems.");
    return 0;
  }
  console.log(`${problems.length} problem${problems.length === 1 ? "" : "s"}:`);
  for (const problem of problems) console.log(`  ${problem}`);
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error?.stack || String(error));
      process.exit(2);
    },
  );
}
