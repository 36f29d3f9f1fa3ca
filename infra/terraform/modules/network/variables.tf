variable "name" {
  description = "Name prefix of every resource (for example chronohook-prod)."
  type        = string
}

variable "create_vpc" {
  description = "Create a VPC with public and private subnets, an internet gateway and NAT gateways. When false, the existing_* variables name a VPC and subnets to use instead."
  type        = bool
  default     = true
}

variable "vpc_cidr" {
  description = "CIDR block of the VPC created when create_vpc is true. Public subnets take /24s of its first sixteenth, private subnets whole sixteenths after it."
  type        = string
  default     = "10.40.0.0/16"

  validation {
    condition     = can(cidrhost(var.vpc_cidr, 0))
    error_message = "vpc_cidr must be an IPv4 CIDR block such as 10.40.0.0/16."
  }
}

variable "az_count" {
  description = "Availability zones the created VPC spans (2 or 3): one public and one private subnet in each."
  type        = number
  default     = 3

  validation {
    condition     = var.az_count >= 2 && var.az_count <= 3
    error_message = "az_count must be 2 or 3."
  }
}

variable "single_nat_gateway" {
  description = "One NAT gateway for all private subnets instead of one per availability zone: cheaper, but outbound traffic (every webhook) stops when that zone fails."
  type        = bool
  default     = false
}

variable "enable_s3_endpoint" {
  description = "Add an S3 gateway endpoint to the private route tables, so that container image layers pulled from ECR do not pass through the NAT gateways."
  type        = bool
  default     = true
}

variable "existing_vpc_id" {
  description = "Id of an existing VPC, used when create_vpc is false."
  type        = string
  default     = null
}

variable "existing_public_subnet_ids" {
  description = "Ids of existing public subnets (routed to an internet gateway) for the load balancer, used when create_vpc is false; at least two availability zones."
  type        = list(string)
  default     = []
}

variable "existing_private_subnet_ids" {
  description = "Ids of existing private subnets (outbound through NAT) for the services, Postgres and Redis, used when create_vpc is false; at least two availability zones."
  type        = list(string)
  default     = []
}

variable "tags" {
  description = "Tags added to every resource of this module."
  type        = map(string)
  default     = {}
}
