output "url" {
  description = "Base URL of the installation: https:// and domain_name, or the load balancer's DNS name."
  value       = "https://${local.host}"
}

output "dns_name" {
  description = "DNS name of the load balancer."
  value       = aws_lb.this.dns_name
}

output "zone_id" {
  description = "Route 53 zone id of the load balancer, for alias records."
  value       = aws_lb.this.zone_id
}

output "arn_suffix" {
  description = "ARN suffix of the load balancer (CloudWatch dimension LoadBalancer)."
  value       = aws_lb.this.arn_suffix
}

output "security_group_id" {
  description = "Security group of the load balancer; the service module lets it reach the tasks."
  value       = aws_security_group.this.id
}

output "https_listener_arn" {
  description = "ARN of the HTTPS listener."
  value       = aws_lb_listener.https.arn
}

output "api_target_group_arn" {
  description = "ARN of the API target group."
  value       = aws_lb_target_group.api.arn
}

output "api_target_group_arn_suffix" {
  description = "ARN suffix of the API target group (CloudWatch dimension TargetGroup, and part of the ALBRequestCountPerTarget resource label)."
  value       = aws_lb_target_group.api.arn_suffix
}

output "dashboard_target_group_arn" {
  description = "ARN of the dashboard target group."
  value       = aws_lb_target_group.dashboard.arn
}
