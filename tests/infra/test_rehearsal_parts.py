"""The deploy rehearsal's own parts, on small inputs: IAM's evaluation, CloudFormation's functions, and
which actions and resources an AWS request needs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from infra.rehearsal.assembly import AssemblyError, read
from infra.rehearsal.calls import Arns, classify
from infra.rehearsal.intrinsics import Physical, Pseudo, Resolver, Unresolved, references
from infra.rehearsal.policy import Grants

TABLE = "arn:aws:dynamodb:eu-south-1:123456789012:table/t"
ARNS = Arns(
    "123456789012",
    "eu-south-1",
    lambda name: f"arn:aws:secretsmanager:eu-south-1:123456789012:secret:{name}-AbCdEf",
)


def grants(*statements: dict[str, object]) -> Grants:
    found = Grants("role")
    found.add({"Statement": list(statements)}, "policy")
    return found


def test_an_allow_covers_its_actions_and_resources_only() -> None:
    role = grants({"Effect": "Allow", "Action": ["dynamodb:GetItem"], "Resource": TABLE})

    assert role.decide("dynamodb:GetItem", TABLE).allowed
    assert role.decide("DynamoDB:getitem", TABLE).allowed  # actions ignore case
    assert not role.decide("dynamodb:PutItem", TABLE).allowed
    assert not role.decide("dynamodb:GetItem", TABLE.upper()).allowed  # resources do not
    assert not role.decide("dynamodb:GetItem", f"{TABLE}/index/gsi1").allowed  # an index is its own ARN


def test_an_explicit_deny_wins_and_wildcards_match_as_iam_matches() -> None:
    role = grants(
        {"Effect": "Allow", "Action": "dynamodb:*", "Resource": f"{TABLE}*"},
        {"Effect": "Deny", "Action": "dynamodb:Delete?tem", "Resource": "*"},
    )

    assert role.decide("dynamodb:Query", f"{TABLE}/index/gsi2").allowed
    refused = role.decide("dynamodb:DeleteItem", TABLE)
    assert not refused.allowed
    assert refused.reason == "explicitly denied by policy"


def test_not_action_and_a_condition() -> None:
    role = grants(
        {"Effect": "Allow", "NotAction": "iam:*", "Resource": "*"},
        {"Effect": "Allow", "Action": "s3:GetObject", "Resource": "*", "Condition": {"Bool": {"x": "true"}}},
    )

    assert role.decide("sqs:SendMessage", "arn:aws:sqs:eu-south-1:1:q").allowed
    assert not role.decide("iam:PassRole", "*").allowed
    assert [s.policy for s in role.conditional()] == ["policy"]


def test_what_no_call_used_is_listed_pair_by_pair() -> None:
    role = grants(
        {
            "Effect": "Allow",
            "Action": ["dynamodb:GetItem", "dynamodb:PutItem"],
            "Resource": [TABLE, f"{TABLE}/x"],
        }
    )
    role.decide("dynamodb:GetItem", TABLE)

    assert role.unused() == [
        ("dynamodb:GetItem", f"{TABLE}/x"),
        ("dynamodb:PutItem", TABLE),
        ("dynamodb:PutItem", f"{TABLE}/x"),
    ]


def resolver(**physical: Physical) -> Resolver:
    return Resolver(
        Pseudo("123456789012", "eu-south-1", "S"), physical, {"P": "v"}, {"Yes": {"Fn::Equals": [1, 1]}}
    )


def test_the_intrinsic_functions_a_cdk_template_uses() -> None:
    table = Physical("t", {"Arn": TABLE})
    found = resolver(Table=table).resolve(
        {
            "join": {"Fn::Join": ["", [{"Fn::GetAtt": ["Table", "Arn"]}, "/index/", {"Ref": "P"}]]},
            "sub": {"Fn::Sub": "arn:${AWS::Partition}:x:${AWS::Region}:${Table}:${Table.Arn}:${!Literal}"},
            "select": {"Fn::Select": [1, {"Fn::Split": [":", "a:b:c"]}]},
            "if": {"Fn::If": ["Yes", "then", "else"]},
            "gone": {"Ref": "AWS::NoValue"},
        }
    )

    assert found == {
        "join": f"{TABLE}/index/v",
        "sub": f"arn:aws:x:eu-south-1:t:{TABLE}:${{Literal}}",
        "select": "b",
        "if": "then",
    }
    assert references({"a": {"Fn::Sub": "${Table.Arn}/${AWS::Region}"}, "b": [{"Ref": "Other"}]}) == {
        "Table",
        "Other",
    }


@pytest.mark.parametrize(
    "node",
    [{"Ref": "Missing"}, {"Fn::GetAtt": ["Table", "StreamArn"]}, {"Fn::Base64": "x"}],
    ids=["unknown resource", "unknown attribute", "unknown function"],
)
def test_what_cannot_be_resolved_is_named(node: dict[str, object]) -> None:
    with pytest.raises(Unresolved):
        resolver(Table=Physical("t", {"Arn": TABLE})).resolve(node)


def signed(service: str, target: str | None = None) -> dict[str, str]:
    headers = {
        "authorization": f"AWS4-HMAC-SHA256 Credential=ASIAKEY/20261129/eu-south-1/{service}/aws4_request, "
        "SignedHeaders=host, Signature=0"
    }
    if target:
        headers["x-amz-target"] = target
    return headers


def test_a_transaction_needs_each_items_own_action() -> None:
    body = {
        "TransactItems": [
            {"Put": {"TableName": "t"}},
            {"ConditionCheck": {"TableName": "t"}},
            {"Delete": {"TableName": "u"}},
        ]
    }
    call = classify(
        "POST",
        "/",
        "",
        signed("dynamodb", "DynamoDB_20120810.TransactWriteItems"),
        json.dumps(body).encode(),
        ARNS,
    )

    assert call.needs == (
        ("dynamodb:PutItem", TABLE),
        ("dynamodb:ConditionCheckItem", TABLE),
        ("dynamodb:DeleteItem", TABLE[:-1] + "u"),
    )


def test_queries_batches_secrets_invokes_and_connections_name_their_resources() -> None:
    query = classify(
        "POST",
        "/",
        "",
        signed("dynamodb", "DynamoDB_20120810.Query"),
        b'{"TableName": "t", "IndexName": "gsi2"}',
        ARNS,
    )
    batch = classify(
        "POST",
        "/",
        "",
        signed("sqs", "AmazonSQS.SendMessageBatch"),
        b'{"QueueUrl": "http://localhost/123456789012/work"}',
        ARNS,
    )
    secret = classify(
        "POST", "/", "", signed("secretsmanager", "secretsmanager.GetSecretValue"), b'{"SecretId": "k"}', ARNS
    )
    invoke = classify(
        "POST", "/2015-03-31/functions/fn/invocations", "Qualifier=live", signed("lambda"), b"{}", ARNS
    )
    post = classify("POST", "/abc/live/@connections/c1=", "", signed("execute-api"), b"{}", ARNS)

    assert query.needs == (("dynamodb:Query", f"{TABLE}/index/gsi2"),)
    assert batch.needs == (("sqs:SendMessage", "arn:aws:sqs:eu-south-1:123456789012:work"),)
    assert secret.needs == (("secretsmanager:GetSecretValue", ARNS.secret_arn("k")),)
    assert invoke.needs == (
        ("lambda:InvokeFunction", "arn:aws:lambda:eu-south-1:123456789012:function:fn:live"),
    )
    assert post.needs == (
        (
            "execute-api:ManageConnections",
            "arn:aws:execute-api:eu-south-1:123456789012:abc/live/POST/@connections/c1=",
        ),
    )


def test_an_assembly_that_lacks_an_asset_its_template_names_is_refused(tmp_path: Path) -> None:
    """The folder a function's ``Code`` names must be in the assembly (and in its asset manifest)."""
    manifest = {
        "artifacts": {
            "S.assets": {"type": "cdk:asset-manifest", "properties": {"file": "S.assets.json"}},
            "S": {
                "type": "aws:cloudformation:stack",
                "properties": {"templateFile": "S.template.json"},
                "dependencies": ["S.assets"],
            },
        }
    }
    assets = {
        "files": {
            "abc": {
                "source": {"path": "asset.abc", "packaging": "zip"},
                "destinations": {"d": {"objectKey": "abc.zip"}},
            }
        }
    }
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    (tmp_path / "S.assets.json").write_text(json.dumps(assets))
    (tmp_path / "S.template.json").write_text(json.dumps({"Resources": {}}))

    with pytest.raises(AssemblyError, match=r"asset folder .*asset\.abc is missing"):
        read(tmp_path)
    (tmp_path / "asset.abc").mkdir()
    assembly = read(tmp_path)
    assert assembly.asset("abc.zip") == tmp_path / "asset.abc"
    with pytest.raises(AssemblyError, match="does not hold"):
        assembly.asset("other.zip")


def test_a_retry_whose_delay_ran_out_on_a_slow_machine_is_not_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The function delayed a failed message's retry; on a loaded machine the delay ran out, the drain
    took the message again, ran it and deleted it: retrying the old receipt is then nothing to do, as in
    AWS (it failed the rehearsal once with ReceiptHandleIsInvalid under a load average of 8)."""
    import time
    from types import SimpleNamespace

    import boto3
    from botocore.exceptions import ClientError
    from moto import mock_aws

    from infra.rehearsal.frontdoors import FrontDoors

    for name, value in (
        ("AWS_DEFAULT_REGION", "eu-south-1"),
        ("AWS_ACCESS_KEY_ID", "x"),
        ("AWS_SECRET_ACCESS_KEY", "x"),
    ):
        monkeypatch.setenv(name, value)
    with mock_aws():
        sqs = boto3.client("sqs")
        url = sqs.create_queue(QueueName="hooks")["QueueUrl"]
        sqs.send_message(QueueUrl=url, MessageBody="{}")
        old = sqs.receive_message(QueueUrl=url, VisibilityTimeout=1)["Messages"][0]["ReceiptHandle"]
        time.sleep(1.1)
        again = sqs.receive_message(QueueUrl=url)["Messages"][0]["ReceiptHandle"]
        sqs.delete_message(QueueUrl=url, ReceiptHandle=again)
        drained: list[bool] = []
        doors = SimpleNamespace(
            cloud=SimpleNamespace(client=lambda service: sqs, sends=0),
            _retrying=[(url, old)],
            drain=lambda: drained.append(True),
        )
        FrontDoors.retry_now(doors)  # type: ignore[arg-type]
        assert doors._retrying == []
        assert drained == [True]
        doors._retrying = [(url + "-gone", old)]
        with pytest.raises(ClientError, match=r"NonExistentQueue|does not exist"):
            FrontDoors.retry_now(doors)  # type: ignore[arg-type]


def test_a_leading_keys_condition_allows_only_the_partitions_it_names() -> None:
    """The notifier may write single items only under ``LEASE#`` (grants.NOTIFIER_LEASE_KEYS): the
    rehearsal evaluates that condition from the call's partition key, and still refuses any other."""
    role = grants(
        {
            "Effect": "Allow",
            "Action": ["dynamodb:PutItem", "dynamodb:UpdateItem"],
            "Resource": TABLE,
            "Condition": {"ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["LEASE#*"]}},
        },
        {
            "Effect": "Allow",
            "Action": "dynamodb:DeleteItem",
            "Resource": TABLE,
            "Condition": {"StringEquals": {"aws:SourceVpce": "vpce-1"}},
        },
    )

    assert role.decide("dynamodb:PutItem", TABLE, ("LEASE#lobby",)).allowed
    assert not role.decide("dynamodb:PutItem", TABLE, ("MATCH#m_1",)).allowed
    assert not role.decide("dynamodb:PutItem", TABLE).allowed  # a call that names no key
    assert not role.decide("dynamodb:DeleteItem", TABLE, ("LEASE#lobby",)).allowed  # not evaluated: never
    assert [s.actions for s in role.conditional()] == [("dynamodb:DeleteItem",)]
    call = classify(
        "POST",
        "/",
        "",
        {
            "x-amz-target": "DynamoDB_20120810.PutItem",
            "authorization": "AWS4-HMAC-SHA256 Credential=x/20261129/eu-south-1/dynamodb/aws4_request",
        },
        json.dumps({"TableName": "t", "Item": {"pk": {"S": "LEASE#lobby"}, "sk": {"S": "LEASE"}}}).encode(),
        ARNS,
    )
    assert call.leading_keys == ("LEASE#lobby",)
