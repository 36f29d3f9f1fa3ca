output "endpoint_address" {
  description = "Address the services connect to: the primary endpoint, or the configuration endpoint with cluster mode."
  value       = var.cluster_mode_enabled ? aws_elasticache_replication_group.this.configuration_endpoint_address : aws_elasticache_replication_group.this.primary_endpoint_address
}

output "port" {
  description = "Port of the replication group."
  value       = aws_elasticache_replication_group.this.port
}

output "cluster_mode_enabled" {
  description = "Whether the replication group runs Redis Cluster."
  value       = var.cluster_mode_enabled
}

output "auth_token_secret_arn" {
  description = "ARN of the secret holding the AUTH token (a plain string)."
  value       = aws_secretsmanager_secret.auth_token.arn
}

output "security_group_id" {
  description = "Security group of the replication group; the service module adds ingress from the backend tasks."
  value       = aws_security_group.this.id
}

output "replication_group_id" {
  description = "Id of the replication group."
  value       = aws_elasticache_replication_group.this.id
}
