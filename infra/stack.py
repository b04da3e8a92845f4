"""The service's stack: the constructs of ``infra.components`` wired together, plus its outputs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from aws_cdk import CfnOutput, Stack, Tags
from constructs import Construct

from infra.components.api import HttpApi
from infra.components.data import INDEXES, Data
from infra.components.deploys import GradualDeploy
from infra.components.functions import Functions
from infra.components.live import Live
from infra.components.monitoring import Monitoring
from infra.components.pipeline import PipelineSchedule
from infra.components.webhooks import Webhooks
from infra.config import EnvironmentConfig


class ScopaStack(Stack):
    """One environment of the service (``Scopa-dev``, ``Scopa-prod``)."""

    def __init__(
        self,
        scope: Construct,
        config: EnvironmentConfig,
        *,
        layer_dir: Path,
        routes: Sequence[tuple[str, str]],
    ):
        super().__init__(
            scope,
            config.stack_name,
            description=f"Scopa tournament and ranking service ({config.name})",
            termination_protection=config.name == "prod",
        )
        self.config = config
        self.routes = list(routes)
        Tags.of(self).add("service", "scopa")
        Tags.of(self).add("environment", config.name)
        self.data = Data(
            self, "Data", table_name=config.table_name, deletion_protection=config.deletion_protection
        )
        self.functions = Functions(
            self, "Functions", config=config, table=self.data.table, layer_dir=layer_dir
        )
        self.http = HttpApi(self, "Http", config=config, handler=self.functions.api_alias, routes=routes)
        self.live = Live(
            self,
            "Live",
            config=config,
            live=self.functions.live,
            notifier=self.functions.notifier,
            api=self.functions.api,
            pipeline=self.functions.pipeline,
            live_alias=self.functions.live_alias,
            notifier_alias=self.functions.notifier_alias,
        )
        self.schedule = PipelineSchedule(
            self, "Schedule", function=self.functions.pipeline, stage=config.name
        )
        self.monitoring = Monitoring(
            self,
            "Monitoring",
            stage=config.name,
            thresholds=config.alarms,
            api=self.http.api,
            functions={
                "Api": self.functions.api,
                "Pipeline": self.functions.pipeline,
                "Live": self.functions.live,
                "Notifier": self.functions.notifier,
                "Jobs": self.functions.jobs,
            },
            indexes=tuple(name for name, *_ in INDEXES),
            live_api=self.live.api,
            dead_letters=self.schedule.dead_letters,
            fanout_dead_letters=self.live.fanout_dead_letters,
            table=self.data.table,
            pipeline=self.functions.pipeline,
            move_url_alias=self.functions.api_alias if self.functions.move_url is not None else None,
        )
        self.webhooks = Webhooks(
            self,
            "Webhooks",
            config=config,
            functions=self.functions,
            table=self.data.table,
            topic=self.monitoring.topic,
            senders=[self.functions.api, self.functions.pipeline],
        )
        self.deploys = GradualDeploy(
            self,
            "ApiDeploy",
            alias=self.functions.api_alias,
            style=config.api_deploy,
            alarms=[self.monitoring.alarm("ApiErrors"), self.monitoring.alarm("Api5xxRate")],
        )
        CfnOutput(self, "ApiUrl", value=self.http.url, description="Base URL of the HTTP API")
        CfnOutput(
            self, "WebSocketUrl", value=self.live.url, description="wss:// URL of the live-play WebSocket API"
        )
        if self.functions.move_url is not None:
            CfnOutput(
                self,
                "MoveUrl",
                value=self.functions.move_url.url,
                description="The API function's URL: POST /matches/{id}/moves only (links.moves)",
            )
        CfnOutput(self, "TableName", value=self.data.table.table_name, description="The DynamoDB table")
        CfnOutput(
            self,
            "JobsFunctionName",
            value=self.functions.jobs.function_name,
            description="The jobs function, whose tasks operators invoke by hand (docs/deploying.md)",
        )
        CfnOutput(
            self, "AlarmTopicArn", value=self.monitoring.topic.topic_arn, description="Alarm notifications"
        )
