# Values are generated whenever Terraform writes them, and used where none was supplied (the count
# cannot depend on the sensitive variables). Generated values are kept in Terraform state by the
# random resources; every value Terraform writes is also in state as the secret version's
# secret_string. With manage_values = false nothing secret is in state.

resource "random_bytes" "master_key" {
  count  = var.manage_values ? 1 : 0
  length = 32
}

resource "random_bytes" "jwt_secret" {
  count  = var.manage_values ? 1 : 0
  length = 48
}

resource "random_password" "operator_token" {
  count   = var.manage_values ? 1 : 0
  length  = 48
  special = false
}

locals {
  master_keys    = var.master_keys != null ? var.master_keys : join(",", [for key in random_bytes.master_key : "${var.master_key_id}:${key.base64}"])
  active_key_id  = coalesce(var.active_key_id, var.master_key_id)
  jwt_secret     = var.jwt_secret != null ? var.jwt_secret : one(random_bytes.jwt_secret[*].base64)
  operator_token = var.operator_token != null ? var.operator_token : one(random_password.operator_token[*].result)
}

resource "aws_secretsmanager_secret" "master_keys" {
  name                    = "${var.name}/master-keys"
  description             = "Chronohook master key ring: JSON with master_keys (CHRONOHOOK_SECRETS_MASTER_KEYS) and active_key_id (CHRONOHOOK_SECRETS_ACTIVE_KEY_ID)."
  kms_key_id              = var.kms_key_arn
  recovery_window_in_days = var.recovery_window_days
  tags                    = var.tags
}

resource "aws_secretsmanager_secret_version" "master_keys" {
  count = var.manage_values ? 1 : 0

  secret_id = aws_secretsmanager_secret.master_keys.id
  secret_string = jsonencode({
    master_keys   = local.master_keys
    active_key_id = local.active_key_id
  })

  lifecycle {
    precondition {
      condition     = var.master_keys == null || var.active_key_id != null
      error_message = "active_key_id must be set when master_keys is supplied."
    }
  }
}

resource "aws_secretsmanager_secret" "jwt_secret" {
  name                    = "${var.name}/jwt-secret"
  description             = "Chronohook HS256 token key, base64 (CHRONOHOOK_AUTH_JWT_SECRET)."
  kms_key_id              = var.kms_key_arn
  recovery_window_in_days = var.recovery_window_days
  tags                    = var.tags
}

resource "aws_secretsmanager_secret_version" "jwt_secret" {
  count = var.manage_values ? 1 : 0

  secret_id     = aws_secretsmanager_secret.jwt_secret.id
  secret_string = local.jwt_secret
}

resource "aws_secretsmanager_secret" "operator_token" {
  name                    = "${var.name}/operator-token"
  description             = "Chronohook operator bearer token (CHRONOHOOK_AUTH_OPERATOR_TOKEN); also read by the metrics collector."
  kms_key_id              = var.kms_key_arn
  recovery_window_in_days = var.recovery_window_days
  tags                    = var.tags
}

resource "aws_secretsmanager_secret_version" "operator_token" {
  count = var.manage_values ? 1 : 0

  secret_id     = aws_secretsmanager_secret.operator_token.id
  secret_string = local.operator_token
}
