variable "name" {
  description = "Identifier of the DB instance and name prefix of its subnet group, parameter group and security group."
  type        = string
}

variable "vpc_id" {
  description = "VPC of the instance's security group."
  type        = string
}

variable "subnet_ids" {
  description = "Private subnets of the DB subnet group, in at least two availability zones."
  type        = list(string)
}

variable "engine_version" {
  description = "Postgres version: a major version (16) lets RDS pick and upgrade the minor version; 16.x pins one."
  type        = string
  default     = "16"

  validation {
    condition     = can(regex("^1[5-9](\\.[0-9]+)?$", var.engine_version))
    error_message = "Chronohook needs Postgres 15 or later: use 16, 17 or a 16.x version."
  }
}

variable "instance_class" {
  description = "DB instance class; its memory also sets the default max_connections."
  type        = string
  default     = "db.m7g.large"
}

variable "allocated_storage_gb" {
  description = "Initial storage in GiB. Run history takes about 740 MiB per million runs, kept for the longest retention of the plans sold (docs/operations.md, Disk)."
  type        = number
  default     = 100
}

variable "max_allocated_storage_gb" {
  description = "Upper bound of storage autoscaling in GiB (0 turns storage autoscaling off)."
  type        = number
  default     = 1000
}

variable "storage_type" {
  description = "Storage type: gp3, io1 or io2."
  type        = string
  default     = "gp3"
}

variable "iops" {
  description = "Provisioned IOPS (io1, io2, or gp3 at 400 GiB and more). Null keeps the storage type's baseline."
  type        = number
  default     = null
}

variable "database_name" {
  description = "Database created on the instance, the one in SPRING_R2DBC_URL and SPRING_FLYWAY_URL."
  type        = string
  default     = "chronohook"
}

variable "master_username" {
  description = "Master user name; its password is generated and rotated by RDS in Secrets Manager."
  type        = string
  default     = "chronohook"
}

variable "multi_az" {
  description = "Keep a synchronous standby in a second availability zone, with automatic failover."
  type        = bool
  default     = true
}

variable "kms_key_arn" {
  description = "Customer managed KMS key for storage encryption. Null uses the account's aws/rds key; storage is encrypted either way."
  type        = string
  default     = null
}

variable "master_user_secret_kms_key_arn" {
  description = "Customer managed KMS key for the master user secret. Null uses aws/secretsmanager."
  type        = string
  default     = null
}

variable "backup_retention_days" {
  description = "Days automated backups and point-in-time recovery are kept (1 to 35)."
  type        = number
  default     = 14
}

variable "backup_window" {
  description = "Daily backup window, UTC (hh24:mi-hh24:mi)."
  type        = string
  default     = "03:00-04:00"
}

variable "maintenance_window" {
  description = "Weekly maintenance window, UTC (ddd:hh24:mi-ddd:hh24:mi); must not overlap the backup window."
  type        = string
  default     = "sun:04:30-sun:05:30"
}

variable "deletion_protection" {
  description = "Refuse to delete the instance until this is turned off."
  type        = bool
  default     = true
}

variable "skip_final_snapshot" {
  description = "Delete the instance without a final snapshot (otherwise <name>-final is taken)."
  type        = bool
  default     = false
}

variable "performance_insights_enabled" {
  description = "Turn on Performance Insights (7 days of retention, free)."
  type        = bool
  default     = true
}

variable "monitoring_interval" {
  description = "Enhanced Monitoring interval in seconds (0 turns it off; 1, 5, 10, 15, 30 or 60)."
  type        = number
  default     = 60

  validation {
    condition     = contains([0, 1, 5, 10, 15, 30, 60], var.monitoring_interval)
    error_message = "monitoring_interval must be 0, 1, 5, 10, 15, 30 or 60."
  }
}

variable "log_min_duration_statement_ms" {
  description = "Statements running longer than this many milliseconds are logged (-1 turns it off)."
  type        = number
  default     = 1000
}

variable "max_connections" {
  description = "Postgres max_connections. Null keeps RDS's default, derived from the instance memory. Each backend task opens up to 20 R2DBC connections (spring.r2dbc.pool.max-size) and a few JDBC ones for Flyway at start."
  type        = number
  default     = null
}

variable "extra_parameters" {
  description = "More parameters of the DB parameter group, by name: value and apply_method (immediate, or pending-reboot for static parameters)."
  type = map(object({
    value        = string
    apply_method = optional(string, "immediate")
  }))
  default = {}
}

variable "ca_cert_identifier" {
  description = "Certificate authority of the instance's server certificate."
  type        = string
  default     = "rds-ca-rsa2048-g1"
}

variable "apply_immediately" {
  description = "Apply changes at once instead of in the next maintenance window."
  type        = bool
  default     = false
}

variable "tags" {
  description = "Tags added to every resource of this module."
  type        = map(string)
  default     = {}
}
