terraform {
  required_version = ">= 1.6"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 6.0"
    }
    random = {
      source  = "hashicorp/random"
      version = "~> 3.6"
    }
  }

  # Keep state in an encrypted, access-controlled backend: it holds generated secrets (README, "What
  # lands in Terraform state"). For example, with -backend-config=backend.hcl:
  # backend "s3" {}
}

provider "aws" {
  region = var.region

  default_tags {
    tags = merge({ Application = "chronohook", Environment = var.environment }, var.tags)
  }
}
