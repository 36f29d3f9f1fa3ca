#!/usr/bin/env node
// Offline lint of the Kubernetes manifests in infra/kubernetes (README.md there says what it checks).
//
//   node lint.mjs [DIR]     DIR defaults to infra/kubernetes (this folder's parent)
//
// Exit status: 0 when every check passed, 1 when a problem was found.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatReport, lintTree } from './src/lint.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.argv[2] ?? path.join(here, '..'));

const result = lintTree(root);
const repo = path.resolve(here, '../../..');
const shown = path.relative(repo, root).startsWith('..') ? root : path.relative(repo, root) || '.';
console.log(`Linting ${shown} offline: kubectl kustomize, then the Kubernetes schema and the project's rules`);
console.log(formatReport(result));
process.exitCode = result.ok ? 0 : 1;
