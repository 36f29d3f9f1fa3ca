output "cluster_name" {
  description = "Name of the ECS cluster."
  value       = aws_ecs_cluster.this.name
}

output "service_names" {
  description = "Names of the ECS services by role (api, worker, dashboard)."
  value       = { for key, service in aws_ecs_service.this : key => service.name }
}

output "log_group_names" {
  description = "CloudWatch log groups by source: api, worker, dashboard, service-connect, and with the collector, collector and metrics (its embedded metric format logs)."
  value       = { for key, group in aws_cloudwatch_log_group.this : key => group.name }
}

output "security_group_ids" {
  description = "Security groups of the tasks by role."
  value       = { for key, group in aws_security_group.this : key => group.id }
}

output "task_role_arns" {
  description = "Task roles by role, for granting the containers further AWS access."
  value       = { for key, role in aws_iam_role.task : key => role.arn }
}

output "execution_role_arn" {
  description = "Task execution role (pulls images, writes logs, reads the secrets)."
  value       = aws_iam_role.execution.arn
}

output "backend_url" {
  description = "Internal URL of the API as the dashboard reaches it (CHRONOHOOK_BACKEND_URL), through ECS Service Connect."
  value       = local.backend_url
}

output "gate_depth_scaling" {
  description = "Whether the workers scale on the time gate's depth (needs the collector and Container Insights)."
  value       = local.gate_depth_scaling
}
