"""The REST API Lambda function: Powertools routers over the application services in ``scopa.application``."""
