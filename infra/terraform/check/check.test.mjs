// Self-test of check.mjs: the checker passes a copy of infra/terraform as it is, and reports each mistake
// put into another copy. Run with `node --test` in this folder.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const terraformRoot = path.resolve(here, "..");
const checker = path.join(here, "check.mjs");

function copyTree() {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), "chronohook-tf-check-"));
  fs.cpSync(terraformRoot, target, {
    recursive: true,
    filter: (source) => path.resolve(source) !== here && !source.split(path.sep).includes(".terraform"),
  });
  return target;
}

function runChecker(folder) {
  const result = spawnSync(process.execPath, [checker, folder], { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Replaces exactly one occurrence of `from` in a file of the copy.
function edit(root, file, from, to) {
  const full = path.join(root, file);
  const text = fs.readFileSync(full, "utf8");
  const at = text.indexOf(from);
  assert.ok(at >= 0, `${file} no longer contains ${JSON.stringify(from)}; update the self-test`);
  assert.equal(text.indexOf(from, at + 1), -1, `${file} contains ${JSON.stringify(from)} more than once; update the self-test`);
  fs.writeFileSync(full, text.slice(0, at) + to + text.slice(at + from.length));
}

function append(root, file, text) {
  fs.appendFileSync(path.join(root, file), text);
}

test("the unchanged configuration passes", () => {
  const root = copyTree();
  try {
    const { status, output } = runChecker(root);
    assert.equal(status, 0, output);
    assert.match(output, /No problems\./);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("every planted mistake is reported with its file and block", () => {
  const root = copyTree();
  try {
    // A misspelt argument of a resource.
    edit(root, "modules/database/main.tf", "storage_encrypted     = true", "storage_encrytped     = true");
    // A misspelt argument inside a nested block, and one inside a dynamic block's content.
    edit(root, "modules/loadbalancer/main.tf", 'path                = var.api_health_check_path', 'paht                = var.api_health_check_path');
    edit(root, "modules/service/main.tf", "container_port   = each.value.port", "container_prot   = each.value.port");
    // A block written as an argument.
    edit(root, "modules/service/main.tf", "  deployment_circuit_breaker {\n    enable   = true\n    rollback = true\n  }", "  deployment_circuit_breaker = { enable = true, rollback = true }");
    // An unknown resource type.
    append(root, "modules/cache/main.tf", '\nresource "aws_elasticache_replication_grup" "spare" {\n  description = "x"\n}\n');
    // A variable without a description, and a reference to a variable that is not declared.
    append(root, "modules/network/variables.tf", '\nvariable "undocumented" {\n  type = string\n}\n');
    edit(root, "modules/network/main.tf", "tags = merge(var.tags, { Name = var.name })\n}\n\nresource \"aws_internet_gateway\"", "tags = merge(var.tags, { Name = var.name, Owner = var.undocumented, Team = var.not_declared })\n}\n\nresource \"aws_internet_gateway\"");
    // A module argument the module does not declare, a required variable left out, and an output that does not exist.
    edit(root, "examples/production/main.tf", "  node_type               = var.redis_node_type\n", "  node_typ                = var.redis_node_type\n");
    edit(root, "examples/production/main.tf", "  certificate_arn     = var.certificate_arn\n", "");
    edit(root, "examples/production/outputs.tf", "value       = module.database.endpoint", "value       = module.database.rds_endpoint");
    // An attribute the resource does not have, read directly and through a splat.
    edit(root, "modules/database/outputs.tf", "value       = aws_db_instance.this.address", "value       = aws_db_instance.this.adress");
    edit(root, "modules/network/outputs.tf", "aws_subnet.public[*].id", "aws_subnet.public[*].subnet_id");
    // An output without a description, and one that leaks a secret.
    append(root, "modules/secrets/outputs.tf", '\noutput "jwt_secret_value" {\n  value = local.jwt_secret\n}\n');

    const { status, output } = runChecker(root);
    assert.equal(status, 1, output);
    const expected = [
      'modules/database/main.tf: resource "aws_db_instance" "this": "storage_encrytped" is not an argument or block of aws_db_instance (did you mean "storage_encrypted"?)',
      'modules/loadbalancer/main.tf: resource "aws_lb_target_group" "api": health_check: "paht" is not an argument or block of aws_lb_target_group (did you mean "path"?)',
      'modules/service/main.tf: resource "aws_ecs_service" "this": dynamic "load_balancer" content: "container_prot" is not an argument or block of aws_ecs_service (did you mean "container_port"?)',
      'modules/service/main.tf: resource "aws_ecs_service" "this": dynamic "load_balancer" content: required argument or block "container_port" of aws_ecs_service is missing',
      'modules/service/main.tf: resource "aws_ecs_service" "this": "deployment_circuit_breaker" is a block of aws_ecs_service',
      'modules/cache/main.tf: resource "aws_elasticache_replication_grup" "spare": unknown resource type "aws_elasticache_replication_grup" (did you mean "aws_elasticache_replication_group"?)',
      'modules/network/variables.tf: variable "undocumented": has no description',
      'modules/network/main.tf: resource "aws_vpc" "this": var.not_declared is not declared in this module',
      'examples/production/main.tf: module "cache": argument "node_typ" is not a variable of ../../modules/cache (did you mean "node_type"?)',
      'examples/production/main.tf: module "loadbalancer": required variable "certificate_arn" of ../../modules/loadbalancer is not given',
      'examples/production/outputs.tf: output "rds_endpoint": module.database.rds_endpoint: ../../modules/database has no output "rds_endpoint"',
      'modules/database/outputs.tf: output "address": aws_db_instance.this.adress: aws_db_instance has no attribute "adress" (did you mean "address"?)',
      'modules/network/outputs.tf: output "public_subnet_ids": aws_subnet.public.subnet_id: aws_subnet has no attribute "subnet_id"',
      'modules/secrets/outputs.tf: output "jwt_secret_value": has no description',
      'modules/secrets/outputs.tf: output "jwt_secret_value": reads a secret value but is not marked sensitive = true',
    ];
    const missing = expected.filter((line) => !output.includes(line));
    assert.deepEqual(missing, [], `not reported:\n${missing.join("\n")}\n\nchecker output:\n${output}`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
