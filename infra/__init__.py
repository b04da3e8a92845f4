"""The AWS CDK app of the service: one stack per environment, built from the constructs in ``components``."""
