output "master_keys_secret_arn" {
  description = "ARN of the key ring secret, JSON with the keys master_keys and active_key_id."
  value       = aws_secretsmanager_secret.master_keys.arn
}

output "jwt_secret_arn" {
  description = "ARN of the JWT key secret (a plain string)."
  value       = aws_secretsmanager_secret.jwt_secret.arn
}

output "operator_token_secret_arn" {
  description = "ARN of the operator token secret (a plain string)."
  value       = aws_secretsmanager_secret.operator_token.arn
}

output "secret_arns" {
  description = "The three secret ARNs by name, for IAM policies."
  value = {
    master_keys    = aws_secretsmanager_secret.master_keys.arn
    jwt_secret     = aws_secretsmanager_secret.jwt_secret.arn
    operator_token = aws_secretsmanager_secret.operator_token.arn
  }
}
