data "aws_partition" "current" {}

locals {
  family = "postgres${split(".", var.engine_version)[0]}"

  parameters = merge(
    {
      # Only TLS connections (the services connect with sslMode=require / sslmode=require).
      "rds.force_ssl" = { value = "1", apply_method = "immediate" }
      # Slow statements, lock waits, large temporary files and slow autovacuum runs go to the log.
      "log_min_duration_statement"  = { value = tostring(var.log_min_duration_statement_ms), apply_method = "immediate" }
      "log_lock_waits"              = { value = "1", apply_method = "immediate" }
      "log_temp_files"              = { value = "10240", apply_method = "immediate" }
      "log_autovacuum_min_duration" = { value = "10000", apply_method = "immediate" }
      "track_io_timing"             = { value = "1", apply_method = "immediate" }
    },
    var.max_connections == null ? {} : {
      "max_connections" = { value = tostring(var.max_connections), apply_method = "pending-reboot" }
    },
    var.extra_parameters,
  )
}

resource "aws_db_subnet_group" "this" {
  name       = var.name
  subnet_ids = var.subnet_ids
  tags       = var.tags
}

# No ingress rule is declared here: the service module adds one for each backend security group,
# so that only the API and worker tasks reach Postgres. Without egress rules the group allows none.
resource "aws_security_group" "this" {
  name        = "${var.name}-postgres"
  description = "Chronohook Postgres: reached by the backend services only"
  vpc_id      = var.vpc_id
  tags        = merge(var.tags, { Name = "${var.name}-postgres" })
}

resource "aws_db_parameter_group" "this" {
  name_prefix = "${var.name}-${local.family}-"
  family      = local.family
  description = "Chronohook Postgres parameters"

  dynamic "parameter" {
    for_each = local.parameters
    content {
      name         = parameter.key
      value        = parameter.value.value
      apply_method = parameter.value.apply_method
    }
  }

  tags = var.tags

  lifecycle {
    create_before_destroy = true
  }
}

data "aws_iam_policy_document" "monitoring_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["monitoring.rds.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "monitoring" {
  count = var.monitoring_interval > 0 ? 1 : 0

  name_prefix        = "${var.name}-rds-mon-"
  assume_role_policy = data.aws_iam_policy_document.monitoring_assume.json
  tags               = var.tags
}

resource "aws_iam_role_policy_attachment" "monitoring" {
  count = var.monitoring_interval > 0 ? 1 : 0

  role       = aws_iam_role.monitoring[0].name
  policy_arn = "arn:${data.aws_partition.current.partition}:iam::aws:policy/service-role/AmazonRDSEnhancedMonitoringRole"
}

resource "aws_db_instance" "this" {
  identifier     = var.name
  engine         = "postgres"
  engine_version = var.engine_version
  instance_class = var.instance_class

  allocated_storage     = var.allocated_storage_gb
  max_allocated_storage = var.max_allocated_storage_gb
  storage_type          = var.storage_type
  iops                  = var.iops
  storage_encrypted     = true
  kms_key_id            = var.kms_key_arn

  db_name  = var.database_name
  username = var.master_username
  port     = 5432
  # RDS generates the master password, keeps it in Secrets Manager and rotates it; Terraform never sees it.
  manage_master_user_password   = true
  master_user_secret_kms_key_id = var.master_user_secret_kms_key_arn

  multi_az               = var.multi_az
  db_subnet_group_name   = aws_db_subnet_group.this.name
  vpc_security_group_ids = [aws_security_group.this.id]
  publicly_accessible    = false
  parameter_group_name   = aws_db_parameter_group.this.name
  ca_cert_identifier     = var.ca_cert_identifier

  auto_minor_version_upgrade  = true
  allow_major_version_upgrade = false
  apply_immediately           = var.apply_immediately
  maintenance_window          = var.maintenance_window

  backup_retention_period   = var.backup_retention_days
  backup_window             = var.backup_window
  copy_tags_to_snapshot     = true
  delete_automated_backups  = false
  deletion_protection       = var.deletion_protection
  skip_final_snapshot       = var.skip_final_snapshot
  final_snapshot_identifier = var.skip_final_snapshot ? null : "${var.name}-final"

  performance_insights_enabled          = var.performance_insights_enabled
  performance_insights_retention_period = var.performance_insights_enabled ? 7 : null
  monitoring_interval                   = var.monitoring_interval
  monitoring_role_arn                   = var.monitoring_interval > 0 ? aws_iam_role.monitoring[0].arn : null
  enabled_cloudwatch_logs_exports       = ["postgresql", "upgrade"]

  tags = var.tags

  depends_on = [aws_iam_role_policy_attachment.monitoring]
}
