module "network" {
  source = "../../modules/network"

  name                        = var.name
  create_vpc                  = var.create_vpc
  vpc_cidr                    = var.vpc_cidr
  az_count                    = var.az_count
  single_nat_gateway          = var.single_nat_gateway
  existing_vpc_id             = var.existing_vpc_id
  existing_public_subnet_ids  = var.existing_public_subnet_ids
  existing_private_subnet_ids = var.existing_private_subnet_ids
}

module "secrets" {
  source = "../../modules/secrets"

  name           = var.name
  manage_values  = var.manage_secret_values
  master_keys    = var.master_keys
  active_key_id  = var.active_key_id
  jwt_secret     = var.jwt_secret
  operator_token = var.operator_token
  kms_key_arn    = var.kms_key_arn
}

module "database" {
  source = "../../modules/database"

  name                           = var.name
  vpc_id                         = module.network.vpc_id
  subnet_ids                     = module.network.private_subnet_ids
  engine_version                 = var.db_engine_version
  instance_class                 = var.db_instance_class
  allocated_storage_gb           = var.db_allocated_storage_gb
  max_allocated_storage_gb       = var.db_max_allocated_storage_gb
  max_connections                = var.db_max_connections
  backup_retention_days          = var.db_backup_retention_days
  deletion_protection            = var.deletion_protection
  kms_key_arn                    = var.kms_key_arn
  master_user_secret_kms_key_arn = var.kms_key_arn
}

module "cache" {
  source = "../../modules/cache"

  name                    = var.name
  vpc_id                  = module.network.vpc_id
  subnet_ids              = module.network.private_subnet_ids
  node_type               = var.redis_node_type
  cluster_mode_enabled    = var.redis_cluster_mode_enabled
  num_cache_clusters      = var.redis_num_cache_clusters
  num_node_groups         = var.redis_num_node_groups
  replicas_per_node_group = var.redis_replicas_per_node_group
  kms_key_arn             = var.kms_key_arn
  log_retention_days      = var.log_retention_days
}

module "loadbalancer" {
  source = "../../modules/loadbalancer"

  name                = var.name
  vpc_id              = module.network.vpc_id
  vpc_cidr_blocks     = module.network.vpc_cidr_blocks
  public_subnet_ids   = module.network.public_subnet_ids
  certificate_arn     = var.certificate_arn
  domain_name         = var.domain_name
  route53_zone_id     = var.route53_zone_id
  ingress_cidr_blocks = var.ingress_cidr_blocks
  access_logs_bucket  = var.alb_access_logs_bucket
  deletion_protection = var.deletion_protection
}

module "service" {
  source = "../../modules/service"

  name               = var.name
  vpc_id             = module.network.vpc_id
  vpc_cidr_blocks    = module.network.vpc_cidr_blocks
  private_subnet_ids = module.network.private_subnet_ids

  backend_image    = var.backend_image
  dashboard_image  = var.dashboard_image
  cpu_architecture = var.cpu_architecture
  api              = var.api
  worker           = var.worker
  dashboard        = var.dashboard

  alb_security_group_id       = module.loadbalancer.security_group_id
  alb_arn_suffix              = module.loadbalancer.arn_suffix
  api_target_group_arn        = module.loadbalancer.api_target_group_arn
  api_target_group_arn_suffix = module.loadbalancer.api_target_group_arn_suffix
  dashboard_target_group_arn  = module.loadbalancer.dashboard_target_group_arn

  database_host                   = module.database.address
  database_port                   = module.database.port
  database_name                   = module.database.database_name
  database_credentials_secret_arn = coalesce(var.database_credentials_secret_arn, module.database.master_user_secret_arn)
  database_security_group_id      = module.database.security_group_id

  redis_host                  = module.cache.endpoint_address
  redis_port                  = module.cache.port
  redis_cluster_mode          = module.cache.cluster_mode_enabled
  redis_auth_token_secret_arn = module.cache.auth_token_secret_arn
  redis_security_group_id     = module.cache.security_group_id

  master_keys_secret_arn    = module.secrets.master_keys_secret_arn
  jwt_secret_arn            = module.secrets.jwt_secret_arn
  operator_token_secret_arn = module.secrets.operator_token_secret_arn
  secrets_kms_key_arns      = var.kms_key_arn == null ? [] : [var.kms_key_arn]

  collector_enabled              = var.collector_enabled
  collector_image                = var.collector_image
  otlp_endpoint                  = var.otlp_endpoint
  otlp_protocol                  = var.otlp_protocol
  container_health_check_command = var.container_health_check_command
  backend_environment            = var.backend_environment
  log_retention_days             = var.log_retention_days
}
