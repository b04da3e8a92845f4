"""The template's resources made on the stand-in cloud, in dependency order, from their own properties.

What moto keeps (the table with its keys, indexes, TTL and stream; the queues with their redrive
policies; the topic; the parameters; the secret, generated as its ``GenerateSecretString`` says; the log
groups; the roles with their policies) is made there through the AWS APIs. The rest is kept here as the
deployment's description: the functions, layers, versions, aliases and URLs, the HTTP and WebSocket APIs
with their routes, integrations and stages, permissions, event source mappings and schedules. Alarms,
dashboards and the like get names only: nothing calls them.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from botocore.exceptions import ClientError

from infra.rehearsal.assembly import Assembly, AssemblyError
from infra.rehearsal.cloud import Cloud
from infra.rehearsal.intrinsics import Physical, Pseudo, Resolver, references
from infra.rehearsal.policy import Grants
from infra.rehearsal.runtime import FunctionSpec


class DeployFailed(RuntimeError):
    """A resource the template describes could not be made (the stand-in cloud refused its properties)."""


@dataclass(frozen=True)
class Route:
    api_id: str
    key: str  # "POST /matches/{match_id}/moves", "$connect", "$default"
    target: str  # the integration's id


@dataclass
class Deployment:
    """The stack as made: physical names, and what the front doors and the runtime need to know."""

    assembly: Assembly
    pseudo: Pseudo
    physical: dict[str, Physical] = field(default_factory=dict)
    functions: dict[str, FunctionSpec] = field(default_factory=dict)  # logical id -> spec
    targets: dict[str, str] = field(default_factory=dict)  # a name or (qualified) ARN -> function logical id
    apis: dict[str, dict[str, Any]] = field(default_factory=dict)  # api id -> properties
    routes: list[Route] = field(default_factory=list)
    integrations: dict[str, dict[str, Any]] = field(default_factory=dict)  # integration id -> properties
    stages: dict[str, list[str]] = field(default_factory=dict)  # api id -> stage names
    permissions: list[dict[str, Any]] = field(default_factory=list)
    urls: dict[str, dict[str, Any]] = field(default_factory=dict)  # function URL -> properties
    mappings: list[dict[str, Any]] = field(default_factory=list)  # event source mappings
    schedules: list[dict[str, Any]] = field(default_factory=list)
    queues: dict[str, str] = field(default_factory=dict)  # queue ARN -> URL
    roles: dict[str, str] = field(default_factory=dict)  # role ARN -> role name
    parameters: dict[str, str] = field(default_factory=dict)  # SSM parameter name -> logical id
    skipped: list[str] = field(default_factory=list)

    def function_of(self, name_or_arn: str) -> FunctionSpec:
        """The function that a name, an ARN, a qualified ARN or ``name:alias`` names."""
        for candidate in (name_or_arn, name_or_arn.rsplit(":", 1)[0]):
            if candidate in self.targets:
                return self.functions[self.targets[candidate]]
        raise KeyError(name_or_arn)


def _uid(lid: str, length: int = 10) -> str:
    """A stable id of the kind AWS would assign (lower-case letters and digits), derived from ``lid``."""
    alphabet = string.ascii_lowercase + string.digits
    digest = hashlib.sha256(lid.encode()).digest()
    return "".join(alphabet[b % len(alphabet)] for b in digest[:length])


def _generated_secret(spec: dict[str, Any]) -> str:
    """A secret as Secrets Manager's ``GenerateSecretString`` makes one (length, exclusions)."""
    alphabet = string.ascii_letters + string.digits
    if not spec.get("ExcludePunctuation"):
        alphabet += string.punctuation
    if spec.get("IncludeSpace"):
        alphabet += " "
    alphabet = "".join(c for c in alphabet if c not in spec.get("ExcludeCharacters", ""))
    value = "".join(secrets.choice(alphabet) for _ in range(int(spec.get("PasswordLength", 32))))
    template = spec.get("SecretStringTemplate")
    if template and spec.get("GenerateStringKey"):
        return json.dumps({**json.loads(template), spec["GenerateStringKey"]: value})
    return value


class Deployer:
    """Makes each resource once its references are made (CloudFormation's order)."""

    def __init__(self, assembly: Assembly, cloud: Cloud) -> None:
        self.assembly = assembly
        self.cloud = cloud
        self.pseudo = Pseudo(cloud.account, cloud.region, assembly.stack_name)
        self.deployment = Deployment(assembly, self.pseudo)
        self._layer_folders: dict[str, Path] = {}  # layer version ARN -> its asset folder
        template = assembly.template
        parameters = {k: str(v.get("Default", "")) for k, v in template.get("Parameters", {}).items()}
        self.resolver = Resolver(
            self.pseudo, self.deployment.physical, parameters, template.get("Conditions", {})
        )
        self._makers: dict[str, Callable[[str, dict[str, Any]], Physical]] = {
            "AWS::DynamoDB::Table": self._table,
            "AWS::DynamoDB::GlobalTable": self._table,
            "AWS::SQS::Queue": self._queue,
            "AWS::SNS::Topic": self._topic,
            "AWS::SSM::Parameter": self._parameter,
            "AWS::SecretsManager::Secret": self._secret,
            "AWS::Logs::LogGroup": self._log_group,
            "AWS::IAM::Role": self._role,
            "AWS::IAM::Policy": self._policy,
            "AWS::Lambda::LayerVersion": self._layer,
            "AWS::Lambda::Function": self._function,
            "AWS::Lambda::Version": self._version,
            "AWS::Lambda::Alias": self._alias,
            "AWS::Lambda::Url": self._url,
            "AWS::Lambda::Permission": self._kept(self.deployment.permissions),
            "AWS::Lambda::EventSourceMapping": self._kept(self.deployment.mappings),
            "AWS::Scheduler::Schedule": self._kept(self.deployment.schedules),
            "AWS::ApiGatewayV2::Api": self._api,
            "AWS::ApiGatewayV2::Route": self._route,
            "AWS::ApiGatewayV2::Integration": self._integration,
            "AWS::ApiGatewayV2::Stage": self._stage,
        }

    def deploy(self) -> Deployment:
        resources = self.assembly.resources
        waiting = {
            lid: (references(r.get("Properties", {})) | set(_listed(r.get("DependsOn")))) & set(resources)
            for lid, r in resources.items()
        }
        made: set[str] = set()
        while waiting:
            ready = sorted(lid for lid, deps in waiting.items() if deps <= made)
            if not ready:
                raise AssemblyError(f"the template's references form a cycle among {sorted(waiting)}")
            for lid in ready:
                self._make(lid, resources[lid])
                made.add(lid)
                del waiting[lid]
        return self.deployment

    def _make(self, lid: str, resource: dict[str, Any]) -> None:
        kind = resource["Type"]
        if "Condition" in resource and not self.resolver.condition(resource["Condition"]):
            self.deployment.skipped.append(f"{lid} ({kind}): its condition is false")
            self.deployment.physical[lid] = Physical(lid)
            return
        maker = self._makers.get(kind)
        if maker is None:
            self.deployment.physical[lid] = Physical(
                f"{self.assembly.stack_name}-{lid}", {"Arn": self._arn(kind, lid)}
            )
            return
        try:
            self.deployment.physical[lid] = maker(lid, self.resolver.resolve(resource.get("Properties", {})))
        except ClientError as error:  # as CloudFormation would: the stack fails at this resource
            raise DeployFailed(f"{lid} ({kind}) could not be created: {error}") from error

    def _arn(self, kind: str, lid: str) -> str:
        service = kind.split("::")[1].lower()
        return f"arn:aws:{service}:{self.cloud.region}:{self.cloud.account}:{lid}"

    def _name(self, lid: str, limit: int = 64) -> str:
        return f"{self.assembly.stack_name}-{lid}"[:limit]

    @staticmethod
    def _kept(into: list[dict[str, Any]]) -> Callable[[str, dict[str, Any]], Physical]:
        def keep(lid: str, properties: dict[str, Any]) -> Physical:
            into.append({"LogicalId": lid, **properties})
            return Physical(lid)

        return keep

    # ----------------------------------------------------------------------------- made on moto

    def _table(self, lid: str, p: dict[str, Any]) -> Physical:
        name = p.get("TableName") or self._name(lid, 255)
        ddb = self.cloud.client("dynamodb")
        args: dict[str, Any] = {
            "TableName": name,
            "KeySchema": p["KeySchema"],
            "AttributeDefinitions": p["AttributeDefinitions"],
            "BillingMode": p.get("BillingMode", "PROVISIONED"),
        }
        if args["BillingMode"] == "PROVISIONED":
            args["ProvisionedThroughput"] = p.get("ProvisionedThroughput") or {
                "ReadCapacityUnits": 5,
                "WriteCapacityUnits": 5,
            }
        if p.get("GlobalSecondaryIndexes"):
            args["GlobalSecondaryIndexes"] = [
                {k: v for k, v in index.items() if k in ("IndexName", "KeySchema", "Projection")}
                for index in p["GlobalSecondaryIndexes"]
            ]
        stream = p.get("StreamSpecification")
        if stream:
            args["StreamSpecification"] = {"StreamEnabled": True, "StreamViewType": stream["StreamViewType"]}
        description = ddb.create_table(**args)["TableDescription"]
        ttl = p.get("TimeToLiveSpecification")
        if ttl and ttl.get("Enabled"):
            ddb.update_time_to_live(
                TableName=name,
                TimeToLiveSpecification={"Enabled": True, "AttributeName": ttl["AttributeName"]},
            )
        attributes = {"Arn": description["TableArn"]}
        if description.get("LatestStreamArn"):
            attributes["StreamArn"] = description["LatestStreamArn"]
        return Physical(name, attributes)

    def _queue(self, lid: str, p: dict[str, Any]) -> Physical:
        name = p.get("QueueName") or self._name(lid, 80)
        attributes = {
            k: json.dumps(v) if isinstance(v, dict) else str(v).lower() if isinstance(v, bool) else str(v)
            for k, v in p.items()
            if k
            in (
                "DelaySeconds",
                "MaximumMessageSize",
                "MessageRetentionPeriod",
                "ReceiveMessageWaitTimeSeconds",
                "RedrivePolicy",
                "VisibilityTimeout",
                "SqsManagedSseEnabled",
                "FifoQueue",
            )
        }
        sqs = self.cloud.client("sqs")
        url = sqs.create_queue(QueueName=name, Attributes=attributes)["QueueUrl"]
        arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
        self.deployment.queues[arn] = url
        return Physical(url, {"Arn": arn, "QueueName": name, "QueueUrl": url})

    def _topic(self, lid: str, p: dict[str, Any]) -> Physical:
        name = p.get("TopicName") or self._name(lid, 256)
        arn = self.cloud.client("sns").create_topic(Name=name)["TopicArn"]
        return Physical(arn, {"TopicArn": arn, "TopicName": name})

    def _parameter(self, lid: str, p: dict[str, Any]) -> Physical:
        name = p.get("Name") or f"/{self._name(lid)}"
        self.cloud.client("ssm").put_parameter(Name=name, Value=str(p["Value"]), Type=p.get("Type", "String"))
        self.deployment.parameters[name] = lid
        return Physical(name, {"Type": p.get("Type", "String"), "Value": str(p["Value"])})

    def _secret(self, lid: str, p: dict[str, Any]) -> Physical:
        name = p.get("Name") or self._name(lid, 512)
        value = p.get("SecretString") or _generated_secret(p.get("GenerateSecretString", {}))
        arn = self.cloud.client("secretsmanager").create_secret(Name=name, SecretString=value)["ARN"]
        self.cloud.secret_arns[name] = arn
        return Physical(arn, {"Id": arn})

    def _log_group(self, lid: str, p: dict[str, Any]) -> Physical:
        name = p.get("LogGroupName") or f"/aws/rehearsal/{self._name(lid)}"
        self.cloud.client("logs").create_log_group(logGroupName=name)
        arn = f"arn:aws:logs:{self.cloud.region}:{self.cloud.account}:log-group:{name}:*"
        return Physical(name, {"Arn": arn})

    def _role(self, lid: str, p: dict[str, Any]) -> Physical:
        name = p.get("RoleName") or self._name(lid)
        iam = self.cloud.client("iam")
        arn = iam.create_role(
            RoleName=name,
            Path=p.get("Path", "/"),
            AssumeRolePolicyDocument=json.dumps(p["AssumeRolePolicyDocument"]),
        )["Role"]["Arn"]
        grants = self.cloud.grants.setdefault(name, Grants(name))
        for policy in p.get("Policies", []):
            iam.put_role_policy(
                RoleName=name,
                PolicyName=policy["PolicyName"],
                PolicyDocument=json.dumps(policy["PolicyDocument"]),
            )
            grants.add(policy["PolicyDocument"], f"{lid}/{policy['PolicyName']}")
        for managed in p.get("ManagedPolicyArns", []):
            grants.add({"Statement": []}, f"managed {managed}")  # AWS's own policies are not in the template
        self.deployment.roles[arn] = name
        return Physical(name, {"Arn": arn, "RoleId": _uid(lid, 21).upper()})

    def _policy(self, lid: str, p: dict[str, Any]) -> Physical:
        iam = self.cloud.client("iam")
        for role in p.get("Roles", []):
            iam.put_role_policy(
                RoleName=role, PolicyName=p["PolicyName"], PolicyDocument=json.dumps(p["PolicyDocument"])
            )
            self.cloud.grants.setdefault(role, Grants(role)).add(p["PolicyDocument"], lid)
        return Physical(p["PolicyName"])

    # ------------------------------------------------------------------------- kept by the rehearsal

    def _layer(self, lid: str, p: dict[str, Any]) -> Physical:
        folder = self.assembly.asset(p["Content"]["S3Key"])
        arn = f"arn:aws:lambda:{self.cloud.region}:{self.cloud.account}:layer:{self._name(lid)}:1"
        self._layer_folders[arn] = folder
        return Physical(arn, {"LayerVersionArn": arn})

    def _function(self, lid: str, p: dict[str, Any]) -> Physical:
        name = p.get("FunctionName") or self._name(lid)
        arn = f"arn:aws:lambda:{self.cloud.region}:{self.cloud.account}:function:{name}"
        missing_layers = [layer for layer in p.get("Layers", []) if layer not in self._layer_folders]
        if missing_layers:
            raise AssemblyError(f"{lid} names layers the template does not make: {missing_layers}")
        spec = FunctionSpec(
            logical_id=lid,
            name=name,
            arn=arn,
            handler=p["Handler"],
            runtime=p["Runtime"],
            architectures=tuple(p.get("Architectures", ["x86_64"])),
            code=self.assembly.asset(p["Code"]["S3Key"]),
            layers=tuple(self._layer_folders[layer] for layer in p.get("Layers", [])),
            environment={k: str(v) for k, v in p.get("Environment", {}).get("Variables", {}).items()},
            role_arn=p["Role"],
            timeout_s=int(p.get("Timeout", 3)),
            memory_mb=int(p.get("MemorySize", 128)),
            log_group=p.get("LoggingConfig", {}).get("LogGroup", f"/aws/lambda/{name}"),
        )
        self.deployment.functions[lid] = spec
        self.deployment.targets[name] = lid
        self.deployment.targets[arn] = lid
        return Physical(name, {"Arn": arn})

    def _version(self, lid: str, p: dict[str, Any]) -> Physical:
        function = self.deployment.function_of(p["FunctionName"])
        arn = f"{function.arn}:1"
        self.deployment.targets[arn] = function.logical_id
        return Physical(arn, {"Version": "1", "FunctionArn": arn})

    def _alias(self, lid: str, p: dict[str, Any]) -> Physical:
        function = self.deployment.function_of(p["FunctionName"])
        arn = f"{function.arn}:{p['Name']}"
        self.deployment.targets[arn] = function.logical_id
        return Physical(arn, {"AliasArn": arn})

    def _url(self, lid: str, p: dict[str, Any]) -> Physical:
        url = f"https://{_uid(lid, 32)}.lambda-url.{self.cloud.region}.on.aws/"
        self.deployment.urls[url] = {"LogicalId": lid, **p}
        return Physical(url, {"FunctionUrl": url, "FunctionArn": p["TargetFunctionArn"]})

    def _api(self, lid: str, p: dict[str, Any]) -> Physical:
        api_id = _uid(lid)
        self.deployment.apis[api_id] = {"LogicalId": lid, **p}
        scheme = "wss" if p.get("ProtocolType") == "WEBSOCKET" else "https"
        endpoint = f"{scheme}://{api_id}.execute-api.{self.cloud.region}.amazonaws.com"
        return Physical(api_id, {"ApiId": api_id, "ApiEndpoint": endpoint})

    def _route(self, lid: str, p: dict[str, Any]) -> Physical:
        target = str(p.get("Target", "")).removeprefix("integrations/")
        self.deployment.routes.append(Route(p["ApiId"], p["RouteKey"], target))
        return Physical(_uid(lid, 7))

    def _integration(self, lid: str, p: dict[str, Any]) -> Physical:
        integration_id = _uid(lid, 7)
        self.deployment.integrations[integration_id] = {"LogicalId": lid, **p}
        return Physical(integration_id)

    def _stage(self, lid: str, p: dict[str, Any]) -> Physical:
        self.deployment.stages.setdefault(p["ApiId"], []).append(p.get("StageName", "$default"))
        return Physical(p.get("StageName", "$default"))


def _listed(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value or [])
