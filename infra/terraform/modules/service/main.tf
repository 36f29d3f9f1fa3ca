data "aws_region" "current" {}

data "aws_caller_identity" "current" {}

data "aws_partition" "current" {}

locals {
  region    = data.aws_region.current.region
  partition = data.aws_partition.current.partition

  service_names = {
    api       = "${var.name}-api"
    worker    = "${var.name}-worker"
    dashboard = "${var.name}-dashboard"
  }
  log_group_prefix = "/chronohook/${var.name}"

  # Service Connect: the API registers as chronohook-api; the dashboard reaches it through its proxy.
  api_alias   = "chronohook-api"
  backend_url = "http://${local.api_alias}:${var.backend_port}"
  # Memory (MiB) kept out of the application container's hard limit for the Service Connect proxy.
  service_connect_reserve = 128

  gate_depth_scaling = var.collector_enabled && var.container_insights != "disabled" && var.worker.gate_depth_per_task > 0

  trusted_proxies = join(",", concat(["127.0.0.0/8", "::1/128"], var.vpc_cidr_blocks))

  redis_environment = var.redis_cluster_mode ? {
    SPRING_DATA_REDIS_CLUSTER_NODES = "${var.redis_host}:${var.redis_port}"
    } : {
    SPRING_DATA_REDIS_HOST = var.redis_host
    SPRING_DATA_REDIS_PORT = tostring(var.redis_port)
  }

  # Spans: a worker with a collector sidecar sends them to it; other tasks to otlp_endpoint, if any.
  otlp_sidecar = {
    OTEL_EXPORTER_OTLP_ENDPOINT = "http://127.0.0.1:4318"
    OTEL_EXPORTER_OTLP_PROTOCOL = "http/protobuf"
  }
  otlp_external = var.otlp_endpoint == null ? {} : {
    OTEL_EXPORTER_OTLP_ENDPOINT = var.otlp_endpoint
    OTEL_EXPORTER_OTLP_PROTOCOL = var.otlp_protocol
  }

  backend_environment = {
    for role in ["api", "worker"] : role => merge(
      {
        CHRONOHOOK_ROLES                       = role
        SERVER_PORT                            = tostring(var.backend_port)
        SPRING_R2DBC_URL                       = "r2dbc:postgresql://${var.database_host}:${var.database_port}/${var.database_name}?sslMode=require"
        SPRING_FLYWAY_URL                      = "jdbc:postgresql://${var.database_host}:${var.database_port}/${var.database_name}?sslmode=require"
        SPRING_DATA_REDIS_SSL_ENABLED          = "true"
        CHRONOHOOK_AUTH_LIMITS_TRUSTED_PROXIES = local.trusted_proxies
        OTEL_SERVICE_NAME                      = "chronohook-${role}"
        JDK_JAVA_OPTIONS                       = var.java_options
      },
      local.redis_environment,
      role == "worker" && var.collector_enabled ? local.otlp_sidecar : local.otlp_external,
      var.backend_environment,
    )
  }

  dashboard_environment = merge(
    {
      SERVER_PORT                         = tostring(var.dashboard_port)
      CHRONOHOOK_BACKEND_URL              = local.backend_url
      CHRONOHOOK_DASHBOARD_SECURE_COOKIES = "always"
      JDK_JAVA_OPTIONS                    = var.java_options
    },
    var.dashboard_environment,
  )

  # Injected by ECS at task start from Secrets Manager; "<arn>:<key>::" reads one key of a JSON secret.
  backend_secrets = {
    SPRING_R2DBC_USERNAME            = "${var.database_credentials_secret_arn}:username::"
    SPRING_R2DBC_PASSWORD            = "${var.database_credentials_secret_arn}:password::"
    SPRING_FLYWAY_USER               = "${var.database_credentials_secret_arn}:username::"
    SPRING_FLYWAY_PASSWORD           = "${var.database_credentials_secret_arn}:password::"
    SPRING_DATA_REDIS_PASSWORD       = var.redis_auth_token_secret_arn
    CHRONOHOOK_SECRETS_MASTER_KEYS   = "${var.master_keys_secret_arn}:master_keys::"
    CHRONOHOOK_SECRETS_ACTIVE_KEY_ID = "${var.master_keys_secret_arn}:active_key_id::"
    CHRONOHOOK_AUTH_JWT_SECRET       = var.jwt_secret_arn
    CHRONOHOOK_AUTH_OPERATOR_TOKEN   = var.operator_token_secret_arn
  }

  secret_arns = [
    var.database_credentials_secret_arn,
    var.redis_auth_token_secret_arn,
    var.master_keys_secret_arn,
    var.jwt_secret_arn,
    var.operator_token_secret_arn,
  ]

  services = {
    api = {
      image           = var.backend_image
      port            = var.backend_port
      settings        = var.api
      environment     = local.backend_environment["api"]
      secrets         = local.backend_secrets
      load_balanced   = true
      target_group    = var.api_target_group_arn
      health_path     = "/actuator/health/liveness"
      service_connect = "server"
      collector       = false
    }
    worker = {
      image           = var.backend_image
      port            = var.backend_port
      settings        = var.worker
      environment     = local.backend_environment["worker"]
      secrets         = local.backend_secrets
      load_balanced   = false
      target_group    = null
      health_path     = "/actuator/health/liveness"
      service_connect = "none"
      collector       = var.collector_enabled
    }
    dashboard = {
      image           = var.dashboard_image
      port            = var.dashboard_port
      settings        = var.dashboard
      environment     = local.dashboard_environment
      secrets         = {}
      load_balanced   = true
      target_group    = var.dashboard_target_group_arn
      health_path     = "/actuator/health"
      service_connect = "client"
      collector       = false
    }
  }

  log_groups = merge(
    { for key in keys(local.services) : key => "${local.log_group_prefix}/${key}" },
    { service-connect = "${local.log_group_prefix}/service-connect" },
    var.collector_enabled ? {
      collector = "${local.log_group_prefix}/collector"
      metrics   = "${local.log_group_prefix}/metrics"
    } : {},
  )

  collector_config = templatefile("${path.module}/collector.yaml.tftpl", {
    port           = var.backend_port
    cluster_name   = var.name
    service_name   = local.service_names["worker"]
    region         = local.region
    namespace      = var.metrics_namespace
    log_group_name = "${local.log_group_prefix}/metrics"
    metrics        = var.published_metrics
  })

  containers = {
    for key, service in local.services : key => concat(
      [
        merge(
          {
            name                   = key
            image                  = service.image
            essential              = true
            memory                 = service.settings.memory - (service.collector ? var.collector_memory : 0) - (service.service_connect == "none" ? 0 : local.service_connect_reserve)
            stopTimeout            = var.stop_timeout_seconds
            readonlyRootFilesystem = var.readonly_root_filesystem
            linuxParameters        = { initProcessEnabled = true }
            ulimits                = [{ name = "nofile", softLimit = 65535, hardLimit = 65535 }]
            mountPoints            = [{ sourceVolume = "tmp", containerPath = "/tmp", readOnly = false }]
            portMappings = [{
              name          = "http"
              containerPort = service.port
              protocol      = "tcp"
              appProtocol   = "http"
            }]
            environment = [for name, value in service.environment : { name = name, value = value }]
            secrets     = [for name, arn in service.secrets : { name = name, valueFrom = arn }]
            logConfiguration = {
              logDriver = "awslogs"
              options = {
                awslogs-group         = aws_cloudwatch_log_group.this[key].name
                awslogs-region        = local.region
                awslogs-stream-prefix = key
                mode                  = "non-blocking"
                max-buffer-size       = "25m"
              }
            }
          },
          var.container_health_check_command == null ? {} : {
            healthCheck = {
              command     = [for part in var.container_health_check_command : replace(replace(part, "{port}", tostring(service.port)), "{path}", service.health_path)]
              interval    = 15
              timeout     = 5
              retries     = 3
              startPeriod = 120
            }
          },
        )
      ],
      service.collector ? [
        {
          name      = "collector"
          image     = var.collector_image
          essential = false
          cpu       = var.collector_cpu
          memory    = var.collector_memory
          environment = [
            { name = "AOT_CONFIG_CONTENT", value = local.collector_config },
          ]
          secrets = [
            { name = "CHRONOHOOK_OPERATOR_TOKEN", valueFrom = var.operator_token_secret_arn },
          ]
          logConfiguration = {
            logDriver = "awslogs"
            options = {
              awslogs-group         = aws_cloudwatch_log_group.this["collector"].name
              awslogs-region        = local.region
              awslogs-stream-prefix = "collector"
              mode                  = "non-blocking"
            }
          }
        }
      ] : [],
    )
  }
}

# Logs

resource "aws_cloudwatch_log_group" "this" {
  for_each = local.log_groups

  name              = each.value
  retention_in_days = var.log_retention_days
  kms_key_id        = var.log_kms_key_arn
  tags              = var.tags
}

# Cluster and Service Connect namespace

resource "aws_service_discovery_http_namespace" "this" {
  name        = "${var.name}.internal"
  description = "Chronohook service-to-service names (the dashboard reaches the API as ${local.api_alias})"
  tags        = var.tags
}

resource "aws_ecs_cluster" "this" {
  name = var.name

  setting {
    name  = "containerInsights"
    value = var.container_insights
  }

  service_connect_defaults {
    namespace = aws_service_discovery_http_namespace.this.arn
  }

  tags = var.tags
}

# Security groups

resource "aws_security_group" "this" {
  for_each = local.services

  name        = local.service_names[each.key]
  description = "Chronohook ${each.key} tasks"
  vpc_id      = var.vpc_id
  tags        = merge(var.tags, { Name = local.service_names[each.key] })
}

# Every task may connect anywhere: webhooks go to the receivers' addresses, images come from ECR,
# secrets from Secrets Manager.
resource "aws_vpc_security_group_egress_rule" "all_ipv4" {
  for_each = local.services

  security_group_id = aws_security_group.this[each.key].id
  description       = "All outbound IPv4"
  cidr_ipv4         = "0.0.0.0/0"
  ip_protocol       = "-1"
}

resource "aws_vpc_security_group_ingress_rule" "from_alb" {
  for_each = { for key, service in local.services : key => service if service.load_balanced }

  security_group_id            = aws_security_group.this[each.key].id
  description                  = "Load balancer to the ${each.key}"
  referenced_security_group_id = var.alb_security_group_id
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
}

resource "aws_vpc_security_group_ingress_rule" "dashboard_to_api" {
  security_group_id            = aws_security_group.this["api"].id
  description                  = "Dashboard to the API through Service Connect"
  referenced_security_group_id = aws_security_group.this["dashboard"].id
  ip_protocol                  = "tcp"
  from_port                    = var.backend_port
  to_port                      = var.backend_port
}

resource "aws_vpc_security_group_ingress_rule" "postgres" {
  for_each = toset(["api", "worker"])

  security_group_id            = var.database_security_group_id
  description                  = "Chronohook ${each.key} tasks to Postgres"
  referenced_security_group_id = aws_security_group.this[each.key].id
  ip_protocol                  = "tcp"
  from_port                    = var.database_port
  to_port                      = var.database_port
}

resource "aws_vpc_security_group_ingress_rule" "redis" {
  for_each = toset(["api", "worker"])

  security_group_id            = var.redis_security_group_id
  description                  = "Chronohook ${each.key} tasks to Redis"
  referenced_security_group_id = aws_security_group.this[each.key].id
  ip_protocol                  = "tcp"
  from_port                    = var.redis_port
  to_port                      = var.redis_port
}

# IAM: one execution role (pulls images, writes logs, reads the secrets at task start) and one task
# role per service (what the running containers may call).

data "aws_iam_policy_document" "tasks_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["ecs-tasks.amazonaws.com"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:SourceAccount"
      values   = [data.aws_caller_identity.current.account_id]
    }
  }
}

resource "aws_iam_role" "execution" {
  name_prefix        = "${var.name}-exec-"
  assume_role_policy = data.aws_iam_policy_document.tasks_assume.json
  tags               = var.tags
}

resource "aws_iam_role_policy_attachment" "execution" {
  role       = aws_iam_role.execution.name
  policy_arn = "arn:${local.partition}:iam::aws:policy/service-role/AmazonECSTaskExecutionRolePolicy"
}

data "aws_iam_policy_document" "execution_secrets" {
  statement {
    sid       = "ReadChronohookSecrets"
    actions   = ["secretsmanager:GetSecretValue"]
    resources = local.secret_arns
  }

  dynamic "statement" {
    for_each = length(var.secrets_kms_key_arns) > 0 ? [1] : []
    content {
      sid       = "DecryptChronohookSecrets"
      actions   = ["kms:Decrypt"]
      resources = var.secrets_kms_key_arns
    }
  }
}

resource "aws_iam_role_policy" "execution_secrets" {
  name   = "read-secrets"
  role   = aws_iam_role.execution.id
  policy = data.aws_iam_policy_document.execution_secrets.json
}

resource "aws_iam_role" "task" {
  for_each = local.services

  name_prefix        = "${var.name}-${each.key}-"
  assume_role_policy = data.aws_iam_policy_document.tasks_assume.json
  tags               = var.tags
}

data "aws_iam_policy_document" "collector" {
  statement {
    sid = "PublishMetrics"
    actions = [
      "logs:CreateLogGroup",
      "logs:CreateLogStream",
      "logs:DescribeLogStreams",
      "logs:PutLogEvents",
    ]
    resources = [
      "arn:${local.partition}:logs:${local.region}:${data.aws_caller_identity.current.account_id}:log-group:${local.log_group_prefix}/metrics",
      "arn:${local.partition}:logs:${local.region}:${data.aws_caller_identity.current.account_id}:log-group:${local.log_group_prefix}/metrics:*",
    ]
  }

  statement {
    sid = "SendTraces"
    actions = [
      "xray:PutTraceSegments",
      "xray:PutTelemetryRecords",
      "xray:GetSamplingRules",
      "xray:GetSamplingTargets",
    ]
    resources = ["*"]
  }
}

resource "aws_iam_role_policy" "collector" {
  count = var.collector_enabled ? 1 : 0

  name   = "collector"
  role   = aws_iam_role.task["worker"].id
  policy = data.aws_iam_policy_document.collector.json
}

data "aws_iam_policy_document" "execute_command" {
  statement {
    actions = [
      "ssmmessages:CreateControlChannel",
      "ssmmessages:CreateDataChannel",
      "ssmmessages:OpenControlChannel",
      "ssmmessages:OpenDataChannel",
    ]
    resources = ["*"]
  }
}

resource "aws_iam_role_policy" "execute_command" {
  for_each = var.enable_execute_command ? local.services : {}

  name   = "execute-command"
  role   = aws_iam_role.task[each.key].id
  policy = data.aws_iam_policy_document.execute_command.json
}

# Task definitions and services

resource "aws_ecs_task_definition" "this" {
  for_each = local.services

  family                   = local.service_names[each.key]
  requires_compatibilities = ["FARGATE"]
  network_mode             = "awsvpc"
  cpu                      = tostring(each.value.settings.cpu)
  memory                   = tostring(each.value.settings.memory)
  execution_role_arn       = aws_iam_role.execution.arn
  task_role_arn            = aws_iam_role.task[each.key].arn
  container_definitions    = jsonencode(local.containers[each.key])

  runtime_platform {
    operating_system_family = "LINUX"
    cpu_architecture        = var.cpu_architecture
  }

  volume {
    name = "tmp"
  }

  tags = var.tags
}

resource "aws_ecs_service" "this" {
  for_each = local.services

  name             = local.service_names[each.key]
  cluster          = aws_ecs_cluster.this.id
  task_definition  = aws_ecs_task_definition.this[each.key].arn
  desired_count    = each.value.settings.desired_count
  launch_type      = "FARGATE"
  platform_version = "LATEST"

  deployment_minimum_healthy_percent = 100
  deployment_maximum_percent         = 200
  health_check_grace_period_seconds  = each.value.load_balanced ? var.health_check_grace_period_seconds : null
  enable_execute_command             = var.enable_execute_command
  enable_ecs_managed_tags            = true
  propagate_tags                     = "SERVICE"

  deployment_circuit_breaker {
    enable   = true
    rollback = true
  }

  network_configuration {
    subnets          = var.private_subnet_ids
    security_groups  = [aws_security_group.this[each.key].id]
    assign_public_ip = false
  }

  dynamic "load_balancer" {
    for_each = each.value.load_balanced ? [each.value.target_group] : []
    content {
      target_group_arn = load_balancer.value
      container_name   = each.key
      container_port   = each.value.port
    }
  }

  dynamic "service_connect_configuration" {
    for_each = each.value.service_connect == "none" ? [] : [each.value.service_connect]
    content {
      enabled   = true
      namespace = aws_service_discovery_http_namespace.this.arn

      dynamic "service" {
        for_each = service_connect_configuration.value == "server" ? [1] : []
        content {
          port_name      = "http"
          discovery_name = local.api_alias
          client_alias {
            dns_name = local.api_alias
            port     = each.value.port
          }
        }
      }

      log_configuration {
        log_driver = "awslogs"
        options = {
          awslogs-group         = aws_cloudwatch_log_group.this["service-connect"].name
          awslogs-region        = local.region
          awslogs-stream-prefix = each.key
        }
      }
    }
  }

  tags = var.tags

  lifecycle {
    # Autoscaling owns the task count once the service exists.
    ignore_changes = [desired_count]
  }

  depends_on = [
    aws_iam_role_policy.execution_secrets,
    aws_iam_role_policy_attachment.execution,
  ]
}

# Autoscaling

resource "aws_appautoscaling_target" "this" {
  for_each = local.services

  service_namespace  = "ecs"
  resource_id        = "service/${aws_ecs_cluster.this.name}/${aws_ecs_service.this[each.key].name}"
  scalable_dimension = "ecs:service:DesiredCount"
  min_capacity       = each.value.settings.min_count
  max_capacity       = each.value.settings.max_count
  tags               = var.tags
}

resource "aws_appautoscaling_policy" "cpu" {
  for_each = local.services

  name               = "${local.service_names[each.key]}-cpu"
  policy_type        = "TargetTrackingScaling"
  service_namespace  = aws_appautoscaling_target.this[each.key].service_namespace
  resource_id        = aws_appautoscaling_target.this[each.key].resource_id
  scalable_dimension = aws_appautoscaling_target.this[each.key].scalable_dimension

  target_tracking_scaling_policy_configuration {
    target_value       = each.value.settings.cpu_target_percent
    scale_in_cooldown  = 300
    scale_out_cooldown = 60

    predefined_metric_specification {
      predefined_metric_type = "ECSServiceAverageCPUUtilization"
    }
  }
}

resource "aws_appautoscaling_policy" "api_requests" {
  name               = "${local.service_names["api"]}-requests"
  policy_type        = "TargetTrackingScaling"
  service_namespace  = aws_appautoscaling_target.this["api"].service_namespace
  resource_id        = aws_appautoscaling_target.this["api"].resource_id
  scalable_dimension = aws_appautoscaling_target.this["api"].scalable_dimension

  target_tracking_scaling_policy_configuration {
    target_value       = var.api.requests_per_target
    scale_in_cooldown  = 300
    scale_out_cooldown = 60

    predefined_metric_specification {
      predefined_metric_type = "ALBRequestCountPerTarget"
      resource_label         = "${var.alb_arn_suffix}/${var.api_target_group_arn_suffix}"
    }
  }
}

# Workers scale on the runs waiting in the time gate per running worker task. The collector sidecar
# publishes chronohook_gate_depth_runs (the same installation-wide value from every worker) to
# <metrics_namespace> with the dimensions ClusterName and ServiceName; Container Insights publishes
# RunningTaskCount. Target tracking keeps depth / tasks near gate_depth_per_task.
resource "aws_appautoscaling_policy" "worker_gate_depth" {
  count = local.gate_depth_scaling ? 1 : 0

  name               = "${local.service_names["worker"]}-gate-depth"
  policy_type        = "TargetTrackingScaling"
  service_namespace  = aws_appautoscaling_target.this["worker"].service_namespace
  resource_id        = aws_appautoscaling_target.this["worker"].resource_id
  scalable_dimension = aws_appautoscaling_target.this["worker"].scalable_dimension

  target_tracking_scaling_policy_configuration {
    target_value       = var.worker.gate_depth_per_task
    scale_in_cooldown  = 300
    scale_out_cooldown = 60

    customized_metric_specification {
      metrics {
        id          = "depth"
        label       = "Runs in the time gate"
        return_data = false

        metric_stat {
          stat = "Maximum"
          metric {
            namespace   = var.metrics_namespace
            metric_name = "chronohook_gate_depth_runs"
            dimensions {
              name  = "ClusterName"
              value = aws_ecs_cluster.this.name
            }
            dimensions {
              name  = "ServiceName"
              value = aws_ecs_service.this["worker"].name
            }
          }
        }
      }

      metrics {
        id          = "tasks"
        label       = "Running worker tasks"
        return_data = false

        metric_stat {
          stat = "Average"
          metric {
            namespace   = "ECS/ContainerInsights"
            metric_name = "RunningTaskCount"
            dimensions {
              name  = "ClusterName"
              value = aws_ecs_cluster.this.name
            }
            dimensions {
              name  = "ServiceName"
              value = aws_ecs_service.this["worker"].name
            }
          }
        }
      }

      metrics {
        id          = "depth_per_task"
        label       = "Runs in the time gate per worker task"
        expression  = "depth / tasks"
        return_data = true
      }
    }
  }
}
