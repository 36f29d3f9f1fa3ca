variable "name" {
  description = "Name prefix of the secrets: <name>/master-keys, <name>/jwt-secret, <name>/operator-token."
  type        = string
}

variable "manage_values" {
  description = "Write the secrets' values from Terraform (supplied below, or generated). When false, only the empty secrets are created and their values are put with `aws secretsmanager put-secret-value`, so that no value lands in Terraform state."
  type        = bool
  default     = true
}

variable "master_key_id" {
  description = "Id of the generated master key in the key ring (CHRONOHOOK_SECRETS_MASTER_KEYS is written as <id>:<base64 of 32 random bytes>). Used only when master_keys is null."
  type        = string
  default     = "k1"

  validation {
    condition     = can(regex("^[A-Za-z0-9_-]+$", var.master_key_id))
    error_message = "master_key_id may hold letters, digits, '-' and '_' only."
  }
}

variable "master_keys" {
  description = "The whole AES-256 key ring, id:base64,id2:base64 (CHRONOHOOK_SECRETS_MASTER_KEYS). Null generates one key named master_key_id."
  type        = string
  default     = null
  sensitive   = true
}

variable "active_key_id" {
  description = "Key id new values are sealed with (CHRONOHOOK_SECRETS_ACTIVE_KEY_ID). Null means master_key_id; required when master_keys is supplied."
  type        = string
  default     = null
}

variable "jwt_secret" {
  description = "HS256 key of the built-in token issuer, base64 of at least 32 bytes (CHRONOHOOK_AUTH_JWT_SECRET). Null generates 48 random bytes."
  type        = string
  default     = null
  sensitive   = true
}

variable "operator_token" {
  description = "Bearer credential of the operator, at least 24 characters (CHRONOHOOK_AUTH_OPERATOR_TOKEN). Null generates 48 letters and digits."
  type        = string
  default     = null
  sensitive   = true

  validation {
    condition     = var.operator_token == null || try(length(var.operator_token) >= 24, false)
    error_message = "operator_token must be at least 24 characters."
  }
}

variable "kms_key_arn" {
  description = "Customer managed KMS key that encrypts the secrets. Null uses the account's aws/secretsmanager key."
  type        = string
  default     = null
}

variable "recovery_window_days" {
  description = "Days a deleted secret can still be restored (0 deletes at once, otherwise 7 to 30)."
  type        = number
  default     = 7
}

variable "tags" {
  description = "Tags added to every resource of this module."
  type        = map(string)
  default     = {}
}
