output "vpc_id" {
  description = "Id of the VPC (created or existing)."
  value       = var.create_vpc ? aws_vpc.this[0].id : data.aws_vpc.existing[0].id
}

output "vpc_cidr_blocks" {
  description = "IPv4 CIDR blocks of the VPC: the addresses of the load balancer and the services as the backend sees them."
  value       = var.create_vpc ? [aws_vpc.this[0].cidr_block] : [for association in data.aws_vpc.existing[0].cidr_block_associations : association.cidr_block]
}

output "public_subnet_ids" {
  description = "Ids of the public subnets (the load balancer)."
  value       = var.create_vpc ? aws_subnet.public[*].id : var.existing_public_subnet_ids
}

output "private_subnet_ids" {
  description = "Ids of the private subnets (the services, Postgres and Redis)."
  value       = var.create_vpc ? aws_subnet.private[*].id : var.existing_private_subnet_ids
}

output "nat_public_ips" {
  description = "Public addresses of the NAT gateways created here: every webhook leaves from one of them, so receivers can allow-list them. Empty with an existing VPC."
  value       = aws_eip.nat[*].public_ip
}
