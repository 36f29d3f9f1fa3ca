output "dashboard_url" {
  description = "URL of the dashboard."
  value       = "${module.loadbalancer.url}/"
}

output "api_url" {
  description = "Base URL of the REST API."
  value       = "${module.loadbalancer.url}/api/v1"
}

output "load_balancer_dns_name" {
  description = "DNS name of the load balancer (point domain_name at it when Route 53 is not used)."
  value       = module.loadbalancer.dns_name
}

output "egress_ips" {
  description = "Public addresses webhooks are sent from (the NAT gateways; empty with an existing VPC)."
  value       = module.network.nat_public_ips
}

output "rds_endpoint" {
  description = "host:port of the Postgres instance."
  value       = module.database.endpoint
}

output "redis_endpoint" {
  description = "Address of Redis (primary endpoint, or configuration endpoint with cluster mode)."
  value       = module.cache.endpoint_address
}

output "secret_arns" {
  description = "ARNs of the secrets the services read: key ring, JWT key, operator token, Redis AUTH token and database credentials. The values stay in Secrets Manager."
  value = {
    master_keys          = module.secrets.master_keys_secret_arn
    jwt_secret           = module.secrets.jwt_secret_arn
    operator_token       = module.secrets.operator_token_secret_arn
    redis_auth_token     = module.cache.auth_token_secret_arn
    database_credentials = coalesce(var.database_credentials_secret_arn, module.database.master_user_secret_arn)
  }
}

output "log_group_names" {
  description = "CloudWatch log groups of the services by source (api, worker, dashboard, service-connect, collector, metrics)."
  value       = module.service.log_group_names
}

output "cluster_name" {
  description = "Name of the ECS cluster."
  value       = module.service.cluster_name
}

output "service_names" {
  description = "Names of the ECS services by role."
  value       = module.service.service_names
}

output "gate_depth_scaling" {
  description = "Whether the workers scale on the time gate's depth."
  value       = module.service.gate_depth_scaling
}
