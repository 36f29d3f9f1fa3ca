locals {
  automatic_failover = var.cluster_mode_enabled ? var.replicas_per_node_group > 0 : var.num_cache_clusters > 1
  parameter_group    = coalesce(var.parameter_group_name, var.cluster_mode_enabled ? "default.redis7.cluster.on" : "default.redis7")
}

# The AUTH token is generated here, so it is in Terraform state: in this resource and in the
# replication group's auth_token (the provider has no write-only form of it). Both are written once:
# later changes to either are ignored, so the token can be rotated outside Terraform (README).
resource "random_password" "auth_token" {
  length  = 64
  special = false
}

resource "aws_secretsmanager_secret" "auth_token" {
  name                    = "${var.name}/redis-auth-token"
  description             = "Chronohook Redis AUTH token (SPRING_DATA_REDIS_PASSWORD)."
  kms_key_id              = var.kms_key_arn
  recovery_window_in_days = var.secret_recovery_window_days
  tags                    = var.tags
}

resource "aws_secretsmanager_secret_version" "auth_token" {
  secret_id     = aws_secretsmanager_secret.auth_token.id
  secret_string = random_password.auth_token.result

  lifecycle {
    ignore_changes = [secret_string]
  }
}

resource "aws_elasticache_subnet_group" "this" {
  name       = var.name
  subnet_ids = var.subnet_ids
  tags       = var.tags
}

# No ingress rule is declared here: the service module adds one for each backend security group.
resource "aws_security_group" "this" {
  name        = "${var.name}-redis"
  description = "Chronohook Redis: reached by the backend services only"
  vpc_id      = var.vpc_id
  tags        = merge(var.tags, { Name = "${var.name}-redis" })
}

resource "aws_cloudwatch_log_group" "slow_log" {
  name              = "/chronohook/${var.name}/redis-slow-log"
  retention_in_days = var.log_retention_days
  tags              = var.tags
}

resource "aws_elasticache_replication_group" "this" {
  replication_group_id = var.name
  description          = "Chronohook time gate, ready lists and rate limits (${var.name})"

  engine               = "redis"
  engine_version       = var.engine_version
  node_type            = var.node_type
  port                 = 6379
  parameter_group_name = local.parameter_group

  cluster_mode            = var.cluster_mode_enabled ? "enabled" : "disabled"
  num_cache_clusters      = var.cluster_mode_enabled ? null : var.num_cache_clusters
  num_node_groups         = var.cluster_mode_enabled ? var.num_node_groups : null
  replicas_per_node_group = var.cluster_mode_enabled ? var.replicas_per_node_group : null

  automatic_failover_enabled = local.automatic_failover
  multi_az_enabled           = local.automatic_failover

  subnet_group_name  = aws_elasticache_subnet_group.this.name
  security_group_ids = [aws_security_group.this.id]

  at_rest_encryption_enabled = true
  kms_key_id                 = var.kms_key_arn
  transit_encryption_enabled = true
  transit_encryption_mode    = "required"
  auth_token                 = random_password.auth_token.result
  auth_token_update_strategy = "ROTATE"

  snapshot_retention_limit   = var.snapshot_retention_limit
  snapshot_window            = var.snapshot_window
  maintenance_window         = var.maintenance_window
  auto_minor_version_upgrade = true
  apply_immediately          = var.apply_immediately

  log_delivery_configuration {
    destination      = aws_cloudwatch_log_group.slow_log.name
    destination_type = "cloudwatch-logs"
    log_format       = "json"
    log_type         = "slow-log"
  }

  tags = var.tags

  lifecycle {
    ignore_changes = [auth_token]
  }
}
