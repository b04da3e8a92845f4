"""Gradual deploys of the API function: CodeDeploy shifts its alias ``live`` to each new version.

API Gateway invokes the alias, never ``$LATEST``. When the stack publishes a new version, CodeDeploy moves
the alias in the environment's style (``api_deploy`` in ``infra/config.py``: prod sends 10% of requests to
the new version for 5 minutes, then all; dev all at once) and rolls back to the previous version when one
of the given alarms fires meanwhile (the API's errors and 5xx rate) or the deployment fails.
"""

from __future__ import annotations

from collections.abc import Sequence

from aws_cdk import Acknowledgment, Validations
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_codedeploy as codedeploy
from aws_cdk import aws_lambda as lambda_
from constructs import Construct

from infra.config import DeployStyle

STYLES: dict[str, codedeploy.ILambdaDeploymentConfig] = {
    "all_at_once": codedeploy.LambdaDeploymentConfig.ALL_AT_ONCE,
    "canary_10_percent_5_minutes": codedeploy.LambdaDeploymentConfig.CANARY_10_PERCENT_5_MINUTES,
    "linear_10_percent_every_minute": codedeploy.LambdaDeploymentConfig.LINEAR_10_PERCENT_EVERY_1_MINUTE,
}


class GradualDeploy(Construct):
    """A CodeDeploy application and deployment group for ``alias``, watching ``alarms``."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        alias: lambda_.Alias,
        style: DeployStyle,
        alarms: Sequence[cw.IAlarm],
    ):
        super().__init__(scope, construct_id)
        self.group = codedeploy.LambdaDeploymentGroup(
            self,
            "Group",
            alias=alias,
            deployment_config=STYLES[style],
            alarms=list(alarms),
            auto_rollback=codedeploy.AutoRollbackConfig(
                failed_deployment=True, deployment_in_alarm=True, stopped_deployment=True
            ),
        )
        Validations.of(self.group).acknowledge(
            Acknowledgment(
                id="AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]",
                reason="CodeDeploy's own service role for Lambda: the AWS-managed policy limited to "
                "updating aliases and invoking hooks, which is what a Lambda deployment needs",
            )
        )
