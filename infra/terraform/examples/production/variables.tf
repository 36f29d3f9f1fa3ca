variable "region" {
  description = "AWS region of the installation."
  type        = string
}

variable "name" {
  description = "Name of the installation, the prefix of every resource: lowercase letters, digits and hyphens, at most 22 characters."
  type        = string
  default     = "chronohook"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{1,21}$", var.name))
    error_message = "name must start with a letter and hold 2 to 22 lowercase letters, digits and hyphens."
  }
}

variable "environment" {
  description = "Environment tag of every resource."
  type        = string
  default     = "production"
}

variable "tags" {
  description = "More tags of every resource."
  type        = map(string)
  default     = {}
}

# Network

variable "create_vpc" {
  description = "Create a VPC (true) or use existing_vpc_id and its subnets (false)."
  type        = bool
  default     = true
}

variable "vpc_cidr" {
  description = "CIDR block of the created VPC."
  type        = string
  default     = "10.40.0.0/16"
}

variable "az_count" {
  description = "Availability zones of the created VPC (2 or 3)."
  type        = number
  default     = 3
}

variable "single_nat_gateway" {
  description = "One NAT gateway instead of one per availability zone."
  type        = bool
  default     = false
}

variable "existing_vpc_id" {
  description = "Existing VPC, with create_vpc = false."
  type        = string
  default     = null
}

variable "existing_public_subnet_ids" {
  description = "Existing public subnets for the load balancer, with create_vpc = false."
  type        = list(string)
  default     = []
}

variable "existing_private_subnet_ids" {
  description = "Existing private subnets (with NAT) for the services, Postgres and Redis, with create_vpc = false."
  type        = list(string)
  default     = []
}

# Load balancer

variable "certificate_arn" {
  description = "ACM certificate of the HTTPS listener, covering domain_name."
  type        = string
}

variable "domain_name" {
  description = "Host name of the installation, for example chronohook.example.com. Null uses the load balancer's DNS name."
  type        = string
  default     = null
}

variable "route53_zone_id" {
  description = "Route 53 hosted zone in which to create the alias record of domain_name. Null creates none."
  type        = string
  default     = null
}

variable "ingress_cidr_blocks" {
  description = "IPv4 ranges allowed to reach the load balancer."
  type        = list(string)
  default     = ["0.0.0.0/0"]
}

variable "alb_access_logs_bucket" {
  description = "S3 bucket for the load balancer's access logs. Null turns them off."
  type        = string
  default     = null
}

variable "deletion_protection" {
  description = "Deletion protection of the load balancer and the DB instance."
  type        = bool
  default     = true
}

# Services

variable "backend_image" {
  description = "Image of chronohook/backend, with tag or digest (in ECR or any registry the tasks can pull from)."
  type        = string
}

variable "dashboard_image" {
  description = "Image of chronohook/dashboard, with tag or digest."
  type        = string
}

variable "cpu_architecture" {
  description = "CPU architecture of the images: X86_64 or ARM64."
  type        = string
  default     = "X86_64"
}

variable "api" {
  description = "API service: desired_count, min_count, max_count, cpu, memory, cpu_target_percent, requests_per_target (see modules/service)."
  type = object({
    desired_count       = optional(number, 2)
    min_count           = optional(number, 2)
    max_count           = optional(number, 10)
    cpu                 = optional(number, 1024)
    memory              = optional(number, 2048)
    cpu_target_percent  = optional(number, 60)
    requests_per_target = optional(number, 3000)
  })
  default = {}
}

variable "worker" {
  description = "Worker service: desired_count, min_count, max_count, cpu, memory, cpu_target_percent, gate_depth_per_task (see modules/service)."
  type = object({
    desired_count       = optional(number, 2)
    min_count           = optional(number, 2)
    max_count           = optional(number, 20)
    cpu                 = optional(number, 2048)
    memory              = optional(number, 4096)
    cpu_target_percent  = optional(number, 60)
    gate_depth_per_task = optional(number, 10000)
  })
  default = {}
}

variable "dashboard" {
  description = "Dashboard service: desired_count, min_count, max_count, cpu, memory, cpu_target_percent (see modules/service)."
  type = object({
    desired_count      = optional(number, 2)
    min_count          = optional(number, 2)
    max_count          = optional(number, 6)
    cpu                = optional(number, 512)
    memory             = optional(number, 1024)
    cpu_target_percent = optional(number, 60)
  })
  default = {}
}

variable "backend_environment" {
  description = "More environment variables of the API and worker containers (settings of docs/operations.md)."
  type        = map(string)
  default     = {}
}

variable "collector_enabled" {
  description = "Run the OpenTelemetry collector beside each worker (metrics to CloudWatch for gate-depth scaling, traces to X-Ray)."
  type        = bool
  default     = true
}

variable "collector_image" {
  description = "Image of the collector sidecar."
  type        = string
  default     = "public.ecr.aws/aws-observability/aws-otel-collector:v0.47.0"
}

variable "otlp_endpoint" {
  description = "OpenTelemetry collector for the spans of tasks without a sidecar. Null exports none from them."
  type        = string
  default     = null
}

variable "otlp_protocol" {
  description = "Protocol of otlp_endpoint: http/protobuf or grpc."
  type        = string
  default     = "http/protobuf"
}

variable "container_health_check_command" {
  description = "Container health check command of the backend and dashboard; the default is the images' own (entrypoint.sh health). In a command of your own, {port} and {path} become the container's port and liveness path (see modules/service). Null declares none."
  type        = list(string)
  default     = ["CMD", "/app/entrypoint.sh", "health"]
}

variable "log_retention_days" {
  description = "Days logs are kept in CloudWatch Logs."
  type        = number
  default     = 30
}

# Postgres

variable "db_instance_class" {
  description = "DB instance class of Postgres."
  type        = string
  default     = "db.m7g.large"
}

variable "db_engine_version" {
  description = "Postgres version (16, 17, or a pinned 16.x)."
  type        = string
  default     = "16"
}

variable "db_allocated_storage_gb" {
  description = "Initial Postgres storage in GiB."
  type        = number
  default     = 100
}

variable "db_max_allocated_storage_gb" {
  description = "Upper bound of Postgres storage autoscaling in GiB."
  type        = number
  default     = 1000
}

variable "db_max_connections" {
  description = "Postgres max_connections; null keeps RDS's default for the instance class. Allow 22 per backend task at max_count, plus room for administration."
  type        = number
  default     = null
}

variable "db_backup_retention_days" {
  description = "Days of automated Postgres backups."
  type        = number
  default     = 14
}

variable "database_credentials_secret_arn" {
  description = "Secret (JSON with username and password) of an application database role for the services. Null uses the RDS-managed master user secret (README, \"Database credentials\")."
  type        = string
  default     = null
}

# Redis

variable "redis_node_type" {
  description = "ElastiCache node type."
  type        = string
  default     = "cache.r7g.large"
}

variable "redis_cluster_mode_enabled" {
  description = "Run Redis in cluster mode (sharded)."
  type        = bool
  default     = false
}

variable "redis_num_cache_clusters" {
  description = "Redis nodes without cluster mode (primary plus replicas)."
  type        = number
  default     = 2
}

variable "redis_num_node_groups" {
  description = "Redis shards with cluster mode."
  type        = number
  default     = 2
}

variable "redis_replicas_per_node_group" {
  description = "Replicas per Redis shard with cluster mode."
  type        = number
  default     = 1
}

# Secrets

variable "manage_secret_values" {
  description = "Write the Chronohook secrets' values from Terraform (generated unless supplied). False creates empty secrets to fill with put-secret-value, keeping them out of state."
  type        = bool
  default     = true
}

variable "master_keys" {
  description = "Key ring to use instead of a generated one (id:base64,...). Null generates one key."
  type        = string
  default     = null
  sensitive   = true
}

variable "active_key_id" {
  description = "Active key id, required with master_keys."
  type        = string
  default     = null
}

variable "jwt_secret" {
  description = "JWT key to use instead of a generated one (base64 of at least 32 bytes). Null generates one."
  type        = string
  default     = null
  sensitive   = true
}

variable "operator_token" {
  description = "Operator token to use instead of a generated one (at least 24 characters). Null generates one."
  type        = string
  default     = null
  sensitive   = true
}

variable "kms_key_arn" {
  description = "Customer managed KMS key for the secrets, Postgres storage, the master user secret and Redis. Null uses AWS managed keys."
  type        = string
  default     = null
}
