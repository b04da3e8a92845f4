"""Storage: the repository port the services use, and its DynamoDB adapter (the only module with boto3)."""
