variable "name" {
  description = "Name of the ECS cluster and prefix of the services (<name>-api, <name>-worker, <name>-dashboard), task families, roles, security groups and log groups."
  type        = string
}

variable "vpc_id" {
  description = "VPC of the tasks' security groups."
  type        = string
}

variable "vpc_cidr_blocks" {
  description = "CIDR blocks of the VPC. They are the backend's trusted proxies (CHRONOHOOK_AUTH_LIMITS_TRUSTED_PROXIES, with loopback): the load balancer's and the dashboard's X-Forwarded-For is believed."
  type        = list(string)
}

variable "private_subnet_ids" {
  description = "Private subnets the tasks run in; webhooks leave through their NAT gateways."
  type        = list(string)
}

variable "backend_image" {
  description = "Image of the backend (chronohook/backend) with its tag or digest, for example 123456789012.dkr.ecr.eu-west-1.amazonaws.com/chronohook/backend:1.4.0."
  type        = string
}

variable "dashboard_image" {
  description = "Image of the dashboard (chronohook/dashboard) with its tag or digest."
  type        = string
}

variable "cpu_architecture" {
  description = "CPU architecture of the tasks, matching the images: X86_64 or ARM64."
  type        = string
  default     = "X86_64"

  validation {
    condition     = contains(["X86_64", "ARM64"], var.cpu_architecture)
    error_message = "cpu_architecture must be X86_64 or ARM64."
  }
}

variable "backend_port" {
  description = "Port of the backend in its container (SERVER_PORT)."
  type        = number
  default     = 8080
}

variable "dashboard_port" {
  description = "Port of the dashboard in its container (SERVER_PORT)."
  type        = number
  default     = 8081
}

variable "api" {
  description = "API service (CHRONOHOOK_ROLES=api): task count and its autoscaling bounds, task CPU units and memory (MiB, a Fargate combination), and the autoscaling targets: average CPU percent, and load balancer requests per task per minute."
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
  description = "Worker service (CHRONOHOOK_ROLES=worker): task count and its autoscaling bounds, task CPU units and memory (MiB, a Fargate combination), and the autoscaling targets: average CPU percent, and runs in the time gate per worker task (0 turns gate-depth scaling off)."
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
  description = "Dashboard service: task count and its autoscaling bounds, task CPU units and memory (MiB, a Fargate combination), and the average CPU percent autoscaling keeps."
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

variable "alb_security_group_id" {
  description = "Security group of the load balancer, allowed to reach the API and dashboard tasks."
  type        = string
}

variable "alb_arn_suffix" {
  description = "ARN suffix of the load balancer, for the ALBRequestCountPerTarget scaling metric."
  type        = string
}

variable "api_target_group_arn" {
  description = "Target group the API tasks register in."
  type        = string
}

variable "api_target_group_arn_suffix" {
  description = "ARN suffix of the API target group, for the ALBRequestCountPerTarget scaling metric."
  type        = string
}

variable "dashboard_target_group_arn" {
  description = "Target group the dashboard tasks register in."
  type        = string
}

variable "database_host" {
  description = "Host name of Postgres."
  type        = string
}

variable "database_port" {
  description = "Port of Postgres."
  type        = number
  default     = 5432
}

variable "database_name" {
  description = "Name of the Chronohook database."
  type        = string
}

variable "database_credentials_secret_arn" {
  description = "Secrets Manager secret with the database credentials as JSON with the keys username and password (the RDS-managed master user secret, or one of an application role). Read at task start into SPRING_R2DBC_USERNAME/PASSWORD and SPRING_FLYWAY_USER/PASSWORD."
  type        = string
}

variable "database_security_group_id" {
  description = "Security group of Postgres; this module adds ingress from the API and worker tasks."
  type        = string
}

variable "redis_host" {
  description = "Address of Redis: the primary endpoint, or the configuration endpoint with cluster mode."
  type        = string
}

variable "redis_port" {
  description = "Port of Redis."
  type        = number
  default     = 6379
}

variable "redis_cluster_mode" {
  description = "Redis runs in cluster mode: the backend gets SPRING_DATA_REDIS_CLUSTER_NODES instead of SPRING_DATA_REDIS_HOST and _PORT."
  type        = bool
  default     = false
}

variable "redis_auth_token_secret_arn" {
  description = "Secrets Manager secret holding the Redis AUTH token (SPRING_DATA_REDIS_PASSWORD)."
  type        = string
}

variable "redis_security_group_id" {
  description = "Security group of Redis; this module adds ingress from the API and worker tasks."
  type        = string
}

variable "master_keys_secret_arn" {
  description = "Secret with the key ring as JSON with the keys master_keys and active_key_id (CHRONOHOOK_SECRETS_MASTER_KEYS, CHRONOHOOK_SECRETS_ACTIVE_KEY_ID)."
  type        = string
}

variable "jwt_secret_arn" {
  description = "Secret holding the JWT key (CHRONOHOOK_AUTH_JWT_SECRET)."
  type        = string
}

variable "operator_token_secret_arn" {
  description = "Secret holding the operator token (CHRONOHOOK_AUTH_OPERATOR_TOKEN); the metrics collector reads it too."
  type        = string
}

variable "secrets_kms_key_arns" {
  description = "Customer managed KMS keys that encrypt any of the secrets above; the task execution role may decrypt with them. Empty when the secrets use AWS managed keys."
  type        = list(string)
  default     = []
}

variable "collector_enabled" {
  description = "Run an AWS Distro for OpenTelemetry collector beside each worker: it scrapes /actuator/prometheus with the operator token, publishes the queue gauges to CloudWatch (the worker's gate-depth scaling needs them) and forwards the workers' traces to X-Ray."
  type        = bool
  default     = true
}

variable "collector_image" {
  description = "Image of the collector sidecar."
  type        = string
  default     = "public.ecr.aws/aws-observability/aws-otel-collector:v0.47.0"
}

variable "collector_cpu" {
  description = "CPU units reserved for the collector sidecar, taken from the worker task's."
  type        = number
  default     = 256
}

variable "collector_memory" {
  description = "Memory (MiB) of the collector sidecar, taken from the worker task's."
  type        = number
  default     = 512
}

variable "metrics_namespace" {
  description = "CloudWatch namespace the collector publishes the Chronohook gauges to."
  type        = string
  default     = "Chronohook"
}

variable "published_metrics" {
  description = "Prometheus metrics the collector publishes to CloudWatch, each with the dimensions ClusterName and ServiceName. chronohook_gate_depth_runs is needed for the worker's gate-depth scaling."
  type        = list(string)
  default = [
    "chronohook_gate_depth_runs",
    "chronohook_ready_depth_runs",
    "chronohook_dispatch_in_flight",
    "chronohook_dlq_size_runs",
  ]
}

variable "otlp_endpoint" {
  description = "OpenTelemetry collector that receives spans from the tasks without a collector sidecar (OTEL_EXPORTER_OTLP_ENDPOINT). Null exports no spans from them."
  type        = string
  default     = null
}

variable "otlp_protocol" {
  description = "Protocol of otlp_endpoint (OTEL_EXPORTER_OTLP_PROTOCOL): http/protobuf or grpc."
  type        = string
  default     = "http/protobuf"

  validation {
    condition     = contains(["http/protobuf", "grpc"], var.otlp_protocol)
    error_message = "otlp_protocol must be http/protobuf or grpc."
  }
}

variable "java_options" {
  description = "JDK_JAVA_OPTIONS of the backend and dashboard containers."
  type        = string
  default     = "-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError"
}

variable "backend_environment" {
  description = "More environment variables of the API and worker containers (any setting of docs/operations.md); they override the ones this module sets."
  type        = map(string)
  default     = {}
}

variable "dashboard_environment" {
  description = "More environment variables of the dashboard container; they override the ones this module sets."
  type        = map(string)
  default     = {}
}

variable "stop_timeout_seconds" {
  description = "Time between SIGTERM and SIGKILL of a container. The backend needs chronohook.node.stop-grace (10 s) for deliveries in flight plus the shutdown phase (20 s)."
  type        = number
  default     = 45

  validation {
    condition     = var.stop_timeout_seconds >= 35 && var.stop_timeout_seconds <= 120
    error_message = "stop_timeout_seconds must be between 35 (the backend's drain) and 120 (the Fargate maximum)."
  }
}

variable "health_check_grace_period_seconds" {
  description = "Time after a task starts during which failed load balancer health checks do not stop it (start-up runs the Flyway migrations)."
  type        = number
  default     = 180
}

variable "container_health_check_command" {
  description = "Container health check of the backend and dashboard containers. The default is the images' own check (backend/Dockerfile, frontend/Dockerfile): plain bash asking the app on its SERVER_PORT for CHRONOHOOK_HEALTH_PATH (readiness on the backend, /actuator/health on the dashboard). In a command of your own, {port} becomes the container's port and {path} its liveness path (/actuator/health/liveness on the backend, /actuator/health on the dashboard). Null declares no container health check; the load balancer's health checks still apply to the API and dashboard."
  type        = list(string)
  default     = ["CMD", "/app/entrypoint.sh", "health"]
}

variable "readonly_root_filesystem" {
  description = "Mount the containers' root file systems read-only; /tmp is a writable task volume."
  type        = bool
  default     = true
}

variable "enable_execute_command" {
  description = "Allow ECS Exec (aws ecs execute-command) into the tasks."
  type        = bool
  default     = false
}

variable "container_insights" {
  description = "Container Insights of the cluster: enabled, enhanced or disabled. The worker's gate-depth scaling divides by its RunningTaskCount, so it needs enabled or enhanced."
  type        = string
  default     = "enabled"

  validation {
    condition     = contains(["enabled", "enhanced", "disabled"], var.container_insights)
    error_message = "container_insights must be enabled, enhanced or disabled."
  }
}

variable "log_retention_days" {
  description = "Days the services' logs are kept in CloudWatch Logs."
  type        = number
  default     = 30
}

variable "log_kms_key_arn" {
  description = "Customer managed KMS key for the log groups (its key policy must allow CloudWatch Logs). Null uses CloudWatch Logs' own encryption."
  type        = string
  default     = null
}

variable "tags" {
  description = "Tags added to every resource of this module."
  type        = map(string)
  default     = {}
}
