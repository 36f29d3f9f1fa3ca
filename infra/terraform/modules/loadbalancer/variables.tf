variable "name" {
  description = "Name of the load balancer and prefix of its target groups (<name>-api, <name>-dashboard) and security group; at most 22 characters."
  type        = string

  validation {
    condition     = can(regex("^[A-Za-z0-9][A-Za-z0-9-]{0,21}$", var.name))
    error_message = "name must hold at most 22 letters, digits and hyphens (target group names are limited to 32 characters)."
  }
}

variable "vpc_id" {
  description = "VPC of the load balancer and its target groups."
  type        = string
}

variable "vpc_cidr_blocks" {
  description = "CIDR blocks of the VPC: the load balancer may send traffic to the targets' ports there."
  type        = list(string)
}

variable "public_subnet_ids" {
  description = "Public subnets of the load balancer, in at least two availability zones."
  type        = list(string)
}

variable "certificate_arn" {
  description = "ACM certificate of the HTTPS listener; it must cover domain_name."
  type        = string
}

variable "additional_certificate_arns" {
  description = "Further ACM certificates served on the HTTPS listener (by SNI)."
  type        = list(string)
  default     = []
}

variable "ssl_policy" {
  description = "TLS policy of the HTTPS listener."
  type        = string
  default     = "ELBSecurityPolicy-TLS13-1-2-2021-06"
}

variable "ingress_cidr_blocks" {
  description = "IPv4 ranges allowed to reach the load balancer on ports 80 and 443."
  type        = list(string)
  default     = ["0.0.0.0/0"]
}

variable "api_port" {
  description = "Port the backend's API listens on in its container (server.port)."
  type        = number
  default     = 8080
}

variable "dashboard_port" {
  description = "Port the dashboard listens on in its container (server.port)."
  type        = number
  default     = 8081
}

variable "api_health_check_path" {
  description = "Health check of the API target group: readiness turns OUT_OF_SERVICE as soon as an instance receives SIGTERM."
  type        = string
  default     = "/actuator/health/readiness"
}

variable "dashboard_health_check_path" {
  description = "Health check of the dashboard target group (the dashboard exposes /actuator/health only)."
  type        = string
  default     = "/actuator/health"
}

variable "deregistration_delay_seconds" {
  description = "How long a target being removed keeps its requests in flight before the service stops it."
  type        = number
  default     = 30
}

variable "idle_timeout_seconds" {
  description = "Idle timeout of client connections."
  type        = number
  default     = 60
}

variable "deletion_protection" {
  description = "Refuse to delete the load balancer until this is turned off."
  type        = bool
  default     = true
}

variable "access_logs_bucket" {
  description = "S3 bucket for access logs (its policy must let the load balancer write). Null turns access logs off."
  type        = string
  default     = null
}

variable "domain_name" {
  description = "Host name of the installation (covered by certificate_arn). Null uses the load balancer's DNS name in the URLs, which the certificate will not match."
  type        = string
  default     = null
}

variable "route53_zone_id" {
  description = "Route 53 hosted zone in which an alias record for domain_name is created. Null creates no record."
  type        = string
  default     = null
}

variable "tags" {
  description = "Tags added to every resource of this module."
  type        = map(string)
  default     = {}
}
