output "address" {
  description = "Host name of the instance (its DNS name follows the primary through a failover)."
  value       = aws_db_instance.this.address
}

output "port" {
  description = "Port of the instance."
  value       = aws_db_instance.this.port
}

output "endpoint" {
  description = "host:port of the instance."
  value       = aws_db_instance.this.endpoint
}

output "database_name" {
  description = "Name of the Chronohook database."
  value       = aws_db_instance.this.db_name
}

output "master_user_secret_arn" {
  description = "ARN of the RDS-managed secret holding the master user's credentials as JSON (username, password); RDS rotates it."
  value       = aws_db_instance.this.master_user_secret[0].secret_arn
}

output "security_group_id" {
  description = "Security group of the instance; the service module adds ingress from the backend tasks."
  value       = aws_security_group.this.id
}

output "instance_identifier" {
  description = "Identifier of the DB instance."
  value       = aws_db_instance.this.identifier
}
