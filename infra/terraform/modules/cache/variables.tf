variable "name" {
  description = "Replication group id (at most 40 characters) and name prefix of the subnet group, security group, log group and AUTH token secret."
  type        = string

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{0,39}$", var.name))
    error_message = "name must start with a letter and hold at most 40 lowercase letters, digits and hyphens."
  }
}

variable "vpc_id" {
  description = "VPC of the replication group's security group."
  type        = string
}

variable "subnet_ids" {
  description = "Private subnets of the cache subnet group, in at least two availability zones."
  type        = list(string)
}

variable "engine_version" {
  description = "Redis version (7.0 or 7.1)."
  type        = string
  default     = "7.1"
}

variable "node_type" {
  description = "Cache node type."
  type        = string
  default     = "cache.r7g.large"
}

variable "cluster_mode_enabled" {
  description = "Run Redis Cluster (sharded) instead of one primary with replicas. The services then get SPRING_DATA_REDIS_CLUSTER_NODES (the configuration endpoint) instead of SPRING_DATA_REDIS_HOST/PORT; Chronohook's gate keys carry cluster hash tags."
  type        = bool
  default     = false
}

variable "num_cache_clusters" {
  description = "Nodes of the replication group without cluster mode: one primary and num_cache_clusters - 1 replicas (2 or more for automatic failover)."
  type        = number
  default     = 2
}

variable "num_node_groups" {
  description = "Shards with cluster mode."
  type        = number
  default     = 2
}

variable "replicas_per_node_group" {
  description = "Replicas of each shard with cluster mode (1 or more for automatic failover)."
  type        = number
  default     = 1
}

variable "parameter_group_name" {
  description = "Cache parameter group. Null uses default.redis7, or default.redis7.cluster.on with cluster mode."
  type        = string
  default     = null
}

variable "kms_key_arn" {
  description = "Customer managed KMS key for encryption at rest and of the AUTH token secret. Null uses AWS managed keys; data is encrypted at rest either way."
  type        = string
  default     = null
}

variable "snapshot_retention_limit" {
  description = "Days daily snapshots are kept (0 turns snapshots off; nothing in Redis is the only copy of anything)."
  type        = number
  default     = 1
}

variable "snapshot_window" {
  description = "Daily snapshot window, UTC (hh24:mi-hh24:mi)."
  type        = string
  default     = "02:00-03:00"
}

variable "maintenance_window" {
  description = "Weekly maintenance window, UTC (ddd:hh24:mi-ddd:hh24:mi)."
  type        = string
  default     = "sun:05:30-sun:06:30"
}

variable "apply_immediately" {
  description = "Apply changes at once instead of in the next maintenance window."
  type        = bool
  default     = false
}

variable "log_retention_days" {
  description = "Days the Redis slow log is kept in CloudWatch Logs."
  type        = number
  default     = 30
}

variable "secret_recovery_window_days" {
  description = "Days a deleted AUTH token secret can still be restored (0 deletes at once, otherwise 7 to 30)."
  type        = number
  default     = 7
}

variable "tags" {
  description = "Tags added to every resource of this module."
  type        = map(string)
  default     = {}
}
