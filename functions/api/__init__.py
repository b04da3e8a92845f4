"""The REST API Lambda function: Powertools routers over the domain services in ``scopa.service``."""
